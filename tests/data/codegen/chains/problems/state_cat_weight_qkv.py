# A fused QKV projection from three separate weights: torch.cat([wq, wk, wv]) feeds one GEMM, then the three parts are
# combined. The concatenated weight depends on no input: kept on the model per the parameters' versions (issue 14,
# session 41), not copied per call.
import torch
import torch.nn as nn
import torch.nn.functional as F

batch, D = 40, 64


class Model(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.wq = nn.Parameter(torch.randn(d, d) / d ** 0.5)
        self.wk = nn.Parameter(torch.randn(d, d) / d ** 0.5)
        self.wv = nn.Parameter(torch.randn(d, d) / d ** 0.5)

    def forward(self, x):
        qkv = F.linear(x, torch.cat([self.wq, self.wk, self.wv], 0))
        q, k, v = qkv.chunk(3, dim=-1)
        return torch.sigmoid(q) * k + v


def get_inputs():
    return [torch.randn(batch, D)]


def get_init_inputs():
    return [D]
