import torch
import torch.nn as nn


class Model(nn.Module):
    """A non-contiguous expanded input (stride 0 along dim 1) and a transposed one: softmax over the last dim
    of (a + b^T) * w, where a is [B, 1, D] expanded to [B, M, D] and b is a [B, D, M] tensor transposed."""

    def __init__(self, dim):
        super().__init__()
        self.w = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, a, b):
        return torch.softmax((a + b.transpose(1, 2)) * self.w, dim=-1)


batch = 8
m = 300
dim = 512


def get_inputs():
    a = torch.randn(batch, 1, dim).expand(batch, m, dim)
    b = torch.randn(batch, dim, m)
    return [a, b]


def get_init_inputs():
    return [dim]
