import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3 inverted residual (eval BN folded at run time by the reference): 1x1 expand + BN + hardswish,
    depthwise 5x5 + BN + hardswish, squeeze-excitation (global mean, 1x1 conv + ReLU, 1x1 conv + hardsigmoid,
    channel scale), 1x1 project + BN, residual add."""

    def __init__(self, c, expand, squeeze):
        super().__init__()
        e = c * expand
        self.expand = nn.Conv2d(c, e, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(e)
        self.dw = nn.Conv2d(e, e, 5, padding=2, groups=e, bias=False)
        self.bn2 = nn.BatchNorm2d(e)
        self.se1 = nn.Conv2d(e, squeeze, 1)
        self.se2 = nn.Conv2d(squeeze, e, 1)
        self.project = nn.Conv2d(e, c, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(c)

    def forward(self, x):
        y = F.hardswish(self.bn1(self.expand(x)))
        y = F.hardswish(self.bn2(self.dw(y)))
        s = y.mean(dim=(2, 3), keepdim=True)
        s = F.hardsigmoid(self.se2(torch.relu(self.se1(s))))
        return x + self.bn3(self.project(y * s))


batch = 16
channels = 40
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels, 6, 64]
