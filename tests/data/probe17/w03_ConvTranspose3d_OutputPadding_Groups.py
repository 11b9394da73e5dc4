import torch
import torch.nn as nn


class Model(nn.Module):
    """Grouped 3-D transposed convolution, stride 2, padding 1, output_padding 1 (output exactly 2x the input)."""

    def __init__(self, in_channels, out_channels, kernel_size, groups):
        super().__init__()
        self.deconv = nn.ConvTranspose3d(in_channels, out_channels, kernel_size, stride=2, padding=1,
                                         output_padding=1, groups=groups, bias=True)

    def forward(self, x):
        return self.deconv(x)


batch = 4
in_channels = 32
out_channels = 16
groups = 2
depth = 12
height = 20
width = 20


def get_inputs():
    return [torch.randn(batch, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, 3, groups]
