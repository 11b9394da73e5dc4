import torch
import torch.nn as nn


class Model(nn.Module):
    """softmax(x * w) where x comes from get_inputs as an expanded (stride-0 batch dim) view of one row."""

    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.randn(n))

    def forward(self, x):
        return torch.softmax(x * self.w, dim=-1)


batch = 32
n = 1000


def get_inputs():
    return [torch.randn(1, n).expand(batch, n)]


def get_init_inputs():
    return [n]
