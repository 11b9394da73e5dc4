import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Two pads in a row (reflect, then a constant fill on other dims) read by one pointwise run, beside the input's
    own crop by a negative constant pad: each value is the input at an index map of the output's index."""

    def forward(self, x):
        a = F.pad(F.pad(x, (1, 2, 2, 0), mode="reflect"), (0, 1, 1, 0, 1, 1), value=0.5)
        b = F.pad(x, (-1, 5, 4, -1, 1, 1))
        return F.gelu(a) * 2.0 - b


batch_size = 2
channels = 4
height = 9
width = 7


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
