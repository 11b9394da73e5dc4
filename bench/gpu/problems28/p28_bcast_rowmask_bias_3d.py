# Session 28 bench problem (not KernelBench): a pointwise chain over (batch, tokens, features) reading a per-token
# mask and a per-feature bias (broadcast reads along two different dims: every element decodes three coordinates).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(d))

    def forward(self, x, keep):
        return torch.tanh(x + self.bias) * keep.unsqueeze(-1)


def get_inputs():
    return [torch.randn(32, 1000, 1000), (torch.rand(32, 1000) > 0.2).float()]


def get_init_inputs():
    return [1000]
