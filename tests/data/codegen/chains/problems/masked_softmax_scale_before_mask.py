# Chain-planner test problem (not KernelBench): scores scaled before a masked_fill by a bool buffer and after it,
# then softmax. Without a GEMM before it, the scale before the mask belongs to the masked softmax's one launch
# (where(keep, 0.25 * 0.5 * x, 0.5 * fill)), not a pointwise launch of its own (session 28).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, q, k):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        self.register_buffer("drop", torch.rand(q, k, generator=g) < 0.3)

    def forward(self, x):
        s = (x / 4.0).masked_fill(self.drop, -1.0e4) * 0.5
        return torch.softmax(s, dim=-1)


batch = 2
heads = 3
q_len = 9
k_len = 13


def get_inputs():
    return [torch.randn(batch, heads, q_len, k_len)]


def get_init_inputs():
    return [q_len, k_len]
