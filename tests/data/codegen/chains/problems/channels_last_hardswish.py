import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """hardswish of a channels_last input: torch keeps the input's layout (issue 14, w01's class: a dense input in
    another order of its dims is walked in storage order, the result in its strides, no copy)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.hardswish(x) * 0.5


batch = 8
channels = 45
height = 27
width = 31


def get_inputs():
    return [torch.randn(batch, channels, height, width).to(memory_format=torch.channels_last)]


def get_init_inputs():
    return []
