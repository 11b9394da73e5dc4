# Chain-planner test problem (not KernelBench): torch.flip (probe16, session 28) read by one pointwise launch: an index
# map in its loads (size - 1 - i along the flipped dims), then a row sum.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.flip(x, dims=[1, 2]) * 2.0
        return (x - y).sum(dim=-1)


batch = 3
channels = 5
width = 37


def get_inputs():
    return [torch.randn(batch, channels, width)]


def get_init_inputs():
    return []
