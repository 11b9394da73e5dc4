import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The class's second form: each channel map of an image normalised by F.layer_norm over its last two dims
    read with size()[-2:] (an instance norm written as a layer norm), times a per-channel scale, + x."""

    def __init__(self, channels):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)

    def forward(self, x):  # [batch, channels, height, width]
        return F.layer_norm(x, x.size()[-2:], eps=1e-6) * self.scale + x


batch = 2
channels = 4
height = 12
width = 20


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels]
