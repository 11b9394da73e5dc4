import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """3-D replicate and reflect padding of an NCDHW volume (each dim padded differently), summed."""

    def forward(self, x):
        a = F.pad(x, (1, 2, 0, 1, 2, 1), mode="replicate")
        b = F.pad(x, (1, 2, 0, 1, 2, 1), mode="reflect")
        return a * 2.0 + b


batch_size = 2
channels = 3
depth = 7
height = 6
width = 9


def get_inputs():
    return [torch.randn(batch_size, channels, depth, height, width)]


def get_init_inputs():
    return []
