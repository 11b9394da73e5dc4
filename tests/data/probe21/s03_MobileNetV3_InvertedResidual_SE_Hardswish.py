import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3 inverted residual (eval BN): 1x1 expand + BN + hardswish, depthwise 5x5 + BN + hardswish,
    squeeze-excite (adaptive avg pool, 1x1 conv + ReLU, 1x1 conv + hardsigmoid, scale), 1x1 project + BN,
    residual (stride 1, same channels)."""

    def __init__(self, channels, expand, squeeze):
        super().__init__()
        self.expand = nn.Conv2d(channels, expand, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(expand)
        self.dw = nn.Conv2d(expand, expand, 5, padding=2, groups=expand, bias=False)
        self.bn2 = nn.BatchNorm2d(expand)
        self.se_reduce = nn.Conv2d(expand, squeeze, 1)
        self.se_expand = nn.Conv2d(squeeze, expand, 1)
        self.project = nn.Conv2d(expand, channels, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(channels)
        with torch.no_grad():
            for m in self.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.running_mean.uniform_(-0.2, 0.2)
                    m.running_var.uniform_(0.6, 1.4)
        self.eval()

    def forward(self, x):
        y = F.hardswish(self.bn1(self.expand(x)))
        y = F.hardswish(self.bn2(self.dw(y)))
        s = F.adaptive_avg_pool2d(y, 1)
        s = F.hardsigmoid(self.se_expand(F.relu(self.se_reduce(s))))
        y = y * s
        return x + self.bn3(self.project(y))


batch = 8
channels = 40
expand = 120
squeeze = 32
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels, expand, squeeze]
