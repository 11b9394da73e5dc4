# Chain-planner test problem (not KernelBench): new-user trial 13's x10 at reduced sizes: a bilinear x2 upsample
# before a 3x3 conv, plus a 1x1 lateral conv upsampled x2 with nearest, summed, ReLU.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.lateral = nn.Conv2d(in_channels, out_channels, 1)

    def forward(self, x):
        up = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        skip = F.interpolate(self.lateral(x), scale_factor=2, mode="nearest")
        return F.relu(self.conv(up) + skip)


batch_size = 2
in_channels = 6
out_channels = 5
height = 9
width = 7


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
