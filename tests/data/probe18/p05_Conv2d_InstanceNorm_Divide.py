import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv2d (3x3, no padding), InstanceNorm2d (no affine), divide by a constant."""

    def __init__(self, in_channels, out_channels, kernel_size, divide_by):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.norm = nn.InstanceNorm2d(out_channels)
        self.divide_by = divide_by

    def forward(self, x):
        y = self.conv(x)
        y = self.norm(y)
        return y / self.divide_by


batch = 32
in_channels = 3
out_channels = 16
height = 34
width = 30
kernel_size = 3


def get_inputs():
    return [torch.randn(batch, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, 2.0]
