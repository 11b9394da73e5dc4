import torch
import torch.nn as nn


class Model(nn.Module):
    """Two int32 inputs: an integer result ((a * 3 + b) // 4 % 7, still int32) and a float one (a as float times a
    per-column weight, log_softmax). Returns both."""

    def __init__(self, cols):
        super().__init__()
        self.w = nn.Parameter(torch.rand(cols) * 0.01)

    def forward(self, a, b):
        ints = torch.remainder(torch.div(a * 3 + b, 4, rounding_mode="floor"), 7)
        f = torch.log_softmax(a.float() * self.w, dim=-1)
        return ints, f


def get_inputs():
    return [torch.randint(-1000, 1000, (2048, 4096), dtype=torch.int32),
            torch.randint(-1000, 1000, (2048, 4096), dtype=torch.int32)]


def get_init_inputs():
    return [4096]
