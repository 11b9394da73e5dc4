import torch
import torch.nn as nn


class Model(nn.Module):
    """AvgPool2d kernel 3, stride 2, padding 1, ceil_mode=True, count_include_pad=True: the last window of an
    even-sized dim starts inside the input and runs past the right padding, so its divisor is clipped to
    (input + padding) - start, not the kernel area."""

    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=True)

    def forward(self, x):
        return self.pool(x)


batch = 8
channels = 16
height = 32
width = 30


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return []
