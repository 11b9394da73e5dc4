import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Conv3d (stride 1, no padding), Mish, mean over the channel dim (keepdim), tanh."""

    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, kernel_size)

    def forward(self, x):
        y = self.conv(x)
        y = F.mish(y)
        y = y.mean(dim=1, keepdim=True)
        return torch.tanh(y)


batch = 8
in_channels = 3
out_channels = 24
depth = 12
height = 20
width = 20
kernel_size = 3


def get_inputs():
    return [torch.randn(batch, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
