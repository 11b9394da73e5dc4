import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.addmm with a full [M, N] input matrix and alpha only (another member of the class: a bias that is not
    one per column)."""

    def __init__(self):
        super().__init__()

    def forward(self, c, a, b):
        return torch.addmm(c, a, b, alpha=0.25)


M = 33
K = 50
N = 29


def get_inputs():
    return [torch.randn(M, N), torch.randn(M, K), torch.randn(K, N)]


def get_init_inputs():
    return []
