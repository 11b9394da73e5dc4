import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.dot of a computed vector and a parameter, scaled, tanh (fused after the dot), gating a matrix input;
    plus torch.vdot of the two inputs (real: a dot) added as a 0-d value (probe23)."""

    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.randn(n) / n ** 0.5)

    def forward(self, a, b, y):
        g = torch.tanh(torch.dot(a * 2.0, self.w) * 0.25 + 0.1)
        return y * g + torch.vdot(a, b)


n = 77
rows = 9


def get_inputs():
    return [torch.randn(n), torch.randn(n), torch.randn(rows, n)]


def get_init_inputs():
    return [n]
