import torch
import torch.nn as nn


class Model(nn.Module):
    """CBAM-style spatial gate on a channels_last input: x * sigmoid(amax_c(x) + mean_c(x)), both over dim 1
    keepdim, broadcast back over the channels."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        g = torch.amax(x, dim=1, keepdim=True) + x.mean(dim=1, keepdim=True)
        return x * torch.sigmoid(g)


batch = 4
channels = 40
height = 23
width = 19


def get_inputs():
    return [torch.randn(batch, channels, height, width).to(memory_format=torch.channels_last)]


def get_init_inputs():
    return []
