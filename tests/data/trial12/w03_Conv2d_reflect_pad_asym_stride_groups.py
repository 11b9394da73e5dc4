import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv2d with padding_mode='reflect', an asymmetric kernel, stride, padding and dilation, and groups=2,
    on a non-square input."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size=(3, 5), stride=(2, 1), padding=(1, 2),
                              dilation=(2, 1), groups=2, bias=True, padding_mode="reflect")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(x)


batch = 8
in_channels = 32
out_channels = 64
height = 75
width = 122


def get_inputs():
    return [torch.randn(batch, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
