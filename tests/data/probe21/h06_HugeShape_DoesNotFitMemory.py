import torch
import torch.nn as nn


class Model(nn.Module):
    """A shape that fits no machine: two 2^20 x 2^20 fp32 matrices (4 TiB each). The tool must refuse with a
    clear error in bounded time and lose nothing."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.relu(a @ b)


n = 1 << 20


def get_inputs():
    return [torch.randn(n, n), torch.randn(n, n)]


def get_init_inputs():
    return []
