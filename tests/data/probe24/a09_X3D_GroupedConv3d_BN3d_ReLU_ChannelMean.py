import torch
import torch.nn as nn


class Model(nn.Module):
    """Video backbone piece (ResNeXt-3D / X3D): a grouped 3x3x3 Conv3d (groups=8), BatchNorm3d, ReLU, then the
    temporal mean (over T only, keeping H and W)."""

    def __init__(self, c_in, c_out, groups):
        super().__init__()
        self.conv = nn.Conv3d(c_in, c_out, 3, padding=1, groups=groups, bias=False)
        self.bn = nn.BatchNorm3d(c_out)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x))).mean(dim=2)


batch = 4
c_in = 64
c_out = 128
frames = 8
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch, c_in, frames, height, width)]


def get_init_inputs():
    return [c_in, c_out, 8]
