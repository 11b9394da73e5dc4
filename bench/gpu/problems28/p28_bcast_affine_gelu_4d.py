# Session 28 bench problem (not KernelBench): a pointwise chain over a 4-D tensor with per-channel parameters
# (broadcast reads), whose coordinates every element decodes: does the decode cost show against torch.compile?
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.w = nn.Parameter(torch.randn(1, channels, 1, 1))
        self.b = nn.Parameter(torch.randn(1, channels, 1, 1))

    def forward(self, x):
        return torch.nn.functional.gelu(x * self.w + self.b) + 0.5 * x


def get_inputs():
    return [torch.randn(16, 64, 128, 128)]


def get_init_inputs():
    return [64]
