# Chain-planner test problem (not KernelBench): any / all (probe16, session 28), reductions to bool of comparisons,
# joined by &: the result is bool.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return (x > 0.5).any(dim=1) & (x > -2.0).all(dim=1)


batch = 6
channels = 37
width = 5


def get_inputs():
    return [torch.randn(batch, channels, width)]


def get_init_inputs():
    return []
