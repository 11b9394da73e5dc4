import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3-style depthwise-separable block: depthwise 3x3 conv (stride 2) -> BatchNorm -> hardswish ->
    pointwise 1x1 conv -> BatchNorm -> hardswish."""

    def __init__(self, in_channels, out_channels, stride):
        super().__init__()
        self.dw = nn.Conv2d(in_channels, in_channels, 3, stride=stride, padding=1, groups=in_channels, bias=False)
        self.bn1 = nn.BatchNorm2d(in_channels)
        self.pw = nn.Conv2d(in_channels, out_channels, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)

    def forward(self, x):
        x = F.hardswish(self.bn1(self.dw(x)))
        return F.hardswish(self.bn2(self.pw(x)))


batch_size = 16
in_channels = 64
out_channels = 128
height = 112
width = 112
stride = 2


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, stride]
