import torch
import torch.nn as nn


class Model(nn.Module):
    """Sum over two non-adjacent dims (1 and 3) of a 4-D tensor, keepdim=False."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.sum(x, dim=(1, 3))


batch = 16
channels = 48
height = 33
width = 129


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return []
