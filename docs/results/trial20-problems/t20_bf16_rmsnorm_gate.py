import torch
import torch.nn as nn


class Model(nn.Module):
    """bf16 RMSNorm computed in fp32, gated by sigmoid of a second bf16 input, result in bf16."""

    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim).to(torch.bfloat16))

    def forward(self, x, g):
        xf = x.float()
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)
        y = y.to(torch.bfloat16) * self.weight
        return y * torch.sigmoid(g)


def get_inputs():
    return [torch.randn(6, 50, 1000, dtype=torch.bfloat16), torch.randn(6, 50, 1000, dtype=torch.bfloat16)]


def get_init_inputs():
    return [1000]
