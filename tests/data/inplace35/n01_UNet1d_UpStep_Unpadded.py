import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 1-D unpadded UNet expansive step: ConvTranspose1d k2 s2 doubles the length, the longer skip (2L + 16) is
    centre-cropped to it, concatenated on channels, then a valid k3 conv + ReLU. The skip's length is no whole
    multiple of x's, so halving each size on its own (a CPU shrink) breaks the crop (probe22 a04's class)."""

    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.up = nn.ConvTranspose1d(in_ch, out_ch, kernel_size=2, stride=2)
        self.conv = nn.Conv1d(in_ch, out_ch, 3)

    def forward(self, x, skip):
        x = self.up(x)
        d = (skip.shape[2] - x.shape[2]) // 2
        skip = skip[:, :, d : d + x.shape[2]]
        return F.relu(self.conv(torch.cat([skip, x], dim=1)))


batch = 16
in_ch = 128
out_ch = 64
length = 400


def get_inputs():
    return [torch.randn(batch, in_ch, length), torch.randn(batch, out_ch, 2 * length + 16)]


def get_init_inputs():
    return [in_ch, out_ch]
