# Chain-planner test problem (not KernelBench): the bool-input class's second member (session 39, cute39): a [B, 1]
# bool mask broadcast over the columns picks between two inputs, then a tanh; a float output.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, keep):
        return torch.tanh(torch.where(keep, x, y * 0.5))


def get_inputs():
    return [torch.randn(5, 24), torch.randn(5, 24), torch.rand(5, 1) > 0.5]


def get_init_inputs():
    return []
