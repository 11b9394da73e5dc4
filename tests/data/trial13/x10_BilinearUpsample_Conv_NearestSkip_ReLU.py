import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Decoder upsampling stage (FPN / segmentation head): bilinear x2 upsample -> 3x3 conv, plus a 1x1-conv lateral
    path upsampled x2 with nearest, summed, then ReLU."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.lateral = nn.Conv2d(in_channels, out_channels, 1)

    def forward(self, x):
        up = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        skip = F.interpolate(self.lateral(x), scale_factor=2, mode="nearest")
        return F.relu(self.conv(up) + skip)


batch_size = 8
in_channels = 64
out_channels = 32
height = 64
width = 64


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
