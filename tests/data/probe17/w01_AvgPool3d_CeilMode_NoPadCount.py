import torch
import torch.nn as nn


class Model(nn.Module):
    """3-D average pooling, kernel 3, stride 2, padding 1, ceil_mode=True and count_include_pad=False: the last
    window of each spatial dim starts inside the padding-free tail and divides by the count of real elements."""

    def __init__(self, kernel_size, stride, padding):
        super().__init__()
        self.pool = nn.AvgPool3d(kernel_size, stride=stride, padding=padding, ceil_mode=True,
                                 count_include_pad=False)

    def forward(self, x):
        return self.pool(x)


batch = 4
channels = 32
depth = 24
height = 46
width = 46


def get_inputs():
    return [torch.randn(batch, channels, depth, height, width)]


def get_init_inputs():
    return [3, 2, 1]
