import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.addmv with alpha and beta: beta * bias + alpha * (W @ v), a matrix-vector product (memory-bound: each
    weight element is read once and used once)."""

    def __init__(self, n, k):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n, k) * 0.1)
        self.bias = nn.Parameter(torch.randn(n))

    def forward(self, v):
        return torch.addmv(self.bias, self.weight, v, beta=0.5, alpha=2.0)


n = 70
k = 45


def get_inputs():
    return [torch.randn(k)]


def get_init_inputs():
    return [n, k]
