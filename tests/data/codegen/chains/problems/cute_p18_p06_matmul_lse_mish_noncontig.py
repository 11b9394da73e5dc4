# Kernel Workbench test copy of tests/data/probe18/p06 at small feature sizes (the CuTe DSL chain emulation).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Linear, * scale, residual (y + y), clamp, logsumexp over features (keepdim), y * mish(y).
    The input is a transposed (non-contiguous) view."""

    def __init__(self, input_size, hidden_size, scale_factor, clamp_min, clamp_max):
        super().__init__()
        self.matmul = nn.Linear(input_size, hidden_size)
        self.scale_factor = scale_factor
        self.clamp_min = clamp_min
        self.clamp_max = clamp_max

    def forward(self, x):
        y = self.matmul(x)
        y = y * self.scale_factor
        y = y + y
        y = torch.clamp(y, self.clamp_min, self.clamp_max)
        y = torch.logsumexp(y, dim=1, keepdim=True)
        return y * F.mish(y)


batch = 96
input_size = 24
hidden_size = 40


def get_inputs():
    return [torch.randn(input_size, batch).t()]


def get_init_inputs():
    return [input_size, hidden_size, 2.0, -10.0, 10.0]
