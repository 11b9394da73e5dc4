import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """GhostNet module (ratio 3): a 1x1 primary conv (BN, ReLU) makes ceil(out/3) channels, a cheap 3x3 depthwise conv
    with channel multiplier 2 (BN, ReLU) makes twice as many, the two are concatenated (102) and sliced to 100."""

    def __init__(self, in_channels, out_channels, ratio=2):
        super().__init__()
        self.out_channels = out_channels
        init_channels = math.ceil(out_channels / ratio)
        new_channels = init_channels * (ratio - 1)
        self.primary = nn.Sequential(
            nn.Conv2d(in_channels, init_channels, 1, bias=False),
            nn.BatchNorm2d(init_channels),
            nn.ReLU(inplace=True),
        )
        self.cheap = nn.Sequential(
            nn.Conv2d(init_channels, new_channels, 3, padding=1, groups=init_channels, bias=False),
            nn.BatchNorm2d(new_channels),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        x1 = self.primary(x)
        x2 = self.cheap(x1)
        out = torch.cat([x1, x2], dim=1)
        return out[:, : self.out_channels, :, :]


batch = 16
in_channels = 64
out_channels = 100
size = 56


def get_inputs():
    return [torch.randn(batch, in_channels, size, size)]


def get_init_inputs():
    return [in_channels, out_channels, 3]
