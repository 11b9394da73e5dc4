import torch
import torch.nn as nn


class Model(nn.Module):
    """A plain float64 matrix product (the GEMM pattern's shape: two forward() inputs, no epilogue), with M, N, K that
    divide no tile (fp64 tiles are 64 x 64)."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.matmul(a, b)


def get_inputs():
    return [torch.randn(200, 136, dtype=torch.float64), torch.randn(136, 150, dtype=torch.float64)]


def get_init_inputs():
    return []
