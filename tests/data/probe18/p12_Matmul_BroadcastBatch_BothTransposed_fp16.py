import torch
import torch.nn as nn


class Model(nn.Module):
    """matmul(A^T, B^T) with broadcast batch dims (A: [4, 1, K, M], B: [1, 6, N, K]) in float16."""

    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A.transpose(-1, -2), B.transpose(-1, -2))


a_batch = 4
b_heads = 6
M = 200
K = 136
N = 96


def get_inputs():
    A = torch.randn(a_batch, 1, K, M, dtype=torch.float16)
    B = torch.randn(1, b_heads, N, K, dtype=torch.float16)
    return [A, B]


def get_init_inputs():
    return []
