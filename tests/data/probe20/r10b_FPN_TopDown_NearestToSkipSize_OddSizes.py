import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Variant of r10's class (an upsampling whose size is another input's size): FPN top-down step, the coarser
    map upsampled (nearest) to the lateral map's odd spatial size (not an integer scale), plus a 1x1 lateral conv,
    then a 3x3 smoothing conv."""

    def __init__(self, in_channels, channels):
        super().__init__()
        self.lateral = nn.Conv2d(in_channels, channels, 1)
        self.smooth = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, top, c):
        lat = self.lateral(c)
        return self.smooth(F.interpolate(top, size=lat.shape[-2:], mode="nearest") + lat)


batch_size = 4
height = 25
width = 38


def get_inputs():
    return [torch.randn(batch_size, 128, (height + 1) // 2, (width + 1) // 2),
            torch.randn(batch_size, 256, height, width)]


def get_init_inputs():
    return [256, 128]
