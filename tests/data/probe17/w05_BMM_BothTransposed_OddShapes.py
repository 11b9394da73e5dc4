import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched product of two transposed operands, C[b] = A[b]^T @ B[b]^T, with A (batch, K, M) and
    B (batch, N, K) and odd M, N, K."""

    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.bmm(A.transpose(1, 2), B.transpose(1, 2))


batch = 24
M = 333
K = 257
N = 411


def get_inputs():
    return [torch.randn(batch, K, M), torch.randn(batch, N, K)]


def get_init_inputs():
    return []
