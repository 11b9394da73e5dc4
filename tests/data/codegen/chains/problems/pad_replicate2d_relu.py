import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Asymmetric replicate padding of an NCHW tensor, then a ReLU of it minus a reflect-padded copy (2-D members
    of the non-constant padding class)."""

    def forward(self, x):
        a = F.pad(x, (2, 1, 0, 2), mode="replicate")
        b = F.pad(x, (2, 1, 0, 2), mode="reflect")
        return torch.relu(a - 0.5 * b)


batch_size = 3
channels = 5
height = 13
width = 11


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
