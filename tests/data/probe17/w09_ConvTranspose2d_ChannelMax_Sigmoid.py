import torch
import torch.nn as nn


class Model(nn.Module):
    """Stride-2 transposed 2-D convolution, max over the channel dim (keepdim), sigmoid: a one-channel
    spatial gate map."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.deconv = nn.ConvTranspose2d(in_channels, out_channels, kernel_size=4, stride=2, padding=1)

    def forward(self, x):
        y = self.deconv(x)
        y = torch.amax(y, dim=1, keepdim=True)
        return torch.sigmoid(y)


batch = 16
in_channels = 64
out_channels = 32
size = 48


def get_inputs():
    return [torch.randn(batch, in_channels, size, size)]


def get_init_inputs():
    return [in_channels, out_channels]
