import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """3x3 same-padded convolution, GroupNorm (8 groups), Hardswish, then a residual add of the block input."""

    def __init__(self, channels, num_groups):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, kernel_size=3, padding=1)
        self.norm = nn.GroupNorm(num_groups, channels)

    def forward(self, x):
        y = self.conv(x)
        y = self.norm(y)
        y = F.hardswish(y)
        return y + x


batch = 16
channels = 64
size = 64


def get_inputs():
    return [torch.randn(batch, channels, size, size)]


def get_init_inputs():
    return [channels, 8]
