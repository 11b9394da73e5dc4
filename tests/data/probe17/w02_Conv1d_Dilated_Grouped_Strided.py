import torch
import torch.nn as nn


class Model(nn.Module):
    """Grouped (groups=4), dilated (3), strided (2) 1-D convolution with padding 6 and no bias."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, dilation, groups, padding):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, stride=stride, padding=padding,
                              dilation=dilation, groups=groups, bias=False)

    def forward(self, x):
        return self.conv(x)


batch = 16
in_channels = 128
out_channels = 256
length = 4001
kernel_size = 5
stride = 2
dilation = 3
groups = 4
padding = 6


def get_inputs():
    return [torch.randn(batch, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, stride, dilation, groups, padding]
