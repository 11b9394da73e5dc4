import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ConvTranspose1d (stride 2, padding 1, output_padding 1), hardtanh(-0.5, 0.5), mean over the length.
    The batch is 1 (a size-1 leading dim)."""

    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.deconv = nn.ConvTranspose1d(in_channels, out_channels, kernel_size, stride=2, padding=1,
                                         output_padding=1)

    def forward(self, x):
        y = self.deconv(x)
        y = F.hardtanh(y, min_val=-0.5, max_val=0.5)
        return y.mean(dim=2)


batch = 1
in_channels = 32
out_channels = 64
length = 1023
kernel_size = 4


def get_inputs():
    return [torch.randn(batch, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
