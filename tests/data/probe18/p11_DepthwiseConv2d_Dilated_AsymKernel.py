import torch
import torch.nn as nn


class Model(nn.Module):
    """Depthwise Conv2d: asymmetric kernel (3x5), dilation (2, 3), padding (2, 6), stride 1, no bias."""

    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, kernel_size=(3, 5), dilation=(2, 3), padding=(2, 6),
                              groups=channels, bias=False)

    def forward(self, x):
        return self.conv(x)


batch = 8
channels = 64
height = 57
width = 75


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels]
