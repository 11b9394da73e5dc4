import torch
import torch.nn as nn


# probe19 (a WRONG kernel before, silently): baddbmm(bias, q, kᵀ) with a forward() bias input and head_dim equal to
# the sequence length. The attention anchor took the GEMM's first operand (the bias) as Q and dropped the add; the
# shapes matched, so the kernel ran. Now the chain's attention reads q, kᵀ, v and the bias (one launch).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, bias):
        s = torch.baddbmm(bias, q, k.transpose(1, 2))
        return torch.bmm(torch.softmax(s, dim=-1), v)


def get_inputs():
    return [torch.randn(4, 24, 24), torch.randn(4, 24, 24), torch.randn(4, 24, 24), torch.randn(4, 24, 24)]


def get_init_inputs():
    return []
