import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.addmm with beta=0.5 and alpha=2 (C' = 0.5*bias + 2*A@B), odd M, N, K and B read transposed."""

    def __init__(self):
        super().__init__()

    def forward(self, bias: torch.Tensor, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return torch.addmm(bias, A, B.t(), beta=0.5, alpha=2.0)


M = 1537
K = 999
N = 513


def get_inputs():
    return [torch.randn(N), torch.randn(M, K), torch.randn(N, K)]


def get_init_inputs():
    return []
