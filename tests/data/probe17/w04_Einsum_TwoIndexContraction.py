import torch
import torch.nn as nn


class Model(nn.Module):
    """Einsum contracting two indices at once: out[b,i,d] = sum_{j,c} x[b,i,j,c] * w[j,c,d] (a matmul over the
    flattened (j,c) pair, written as an einsum on a 4-D activation)."""

    def __init__(self, J, C, D):
        super().__init__()
        self.w = nn.Parameter(torch.randn(J, C, D) * 0.05)

    def forward(self, x):
        return torch.einsum("bijc,jcd->bid", x, self.w)


B = 8
I = 256
J = 12
C = 48
D = 320


def get_inputs():
    return [torch.randn(B, I, J, C)]


def get_init_inputs():
    return [J, C, D]
