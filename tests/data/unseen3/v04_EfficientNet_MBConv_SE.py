import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """EfficientNet MBConv: 1x1 expand, depthwise 3x3, SiLU, squeeze-excitation, 1x1 project, residual."""

    def __init__(self, in_channels, expand_ratio, se_ratio):
        super(Model, self).__init__()
        hidden = in_channels * expand_ratio
        squeezed = max(1, int(in_channels * se_ratio))
        self.expand_conv = nn.Conv2d(in_channels, hidden, kernel_size=1, bias=False)
        self.bn0 = nn.BatchNorm2d(hidden)
        self.depthwise_conv = nn.Conv2d(hidden, hidden, kernel_size=3, padding=1, groups=hidden, bias=False)
        self.bn1 = nn.BatchNorm2d(hidden)
        self.se_reduce = nn.Conv2d(hidden, squeezed, kernel_size=1)
        self.se_expand = nn.Conv2d(squeezed, hidden, kernel_size=1)
        self.project_conv = nn.Conv2d(hidden, in_channels, kernel_size=1, bias=False)
        self.bn2 = nn.BatchNorm2d(in_channels)

    def forward(self, x):
        identity = x
        x = F.silu(self.bn0(self.expand_conv(x)))
        x = F.silu(self.bn1(self.depthwise_conv(x)))
        s = F.adaptive_avg_pool2d(x, 1)
        s = self.se_expand(F.silu(self.se_reduce(s)))
        x = x * torch.sigmoid(s)
        x = self.bn2(self.project_conv(x))
        return x + identity


batch_size = 2
in_channels = 16
expand_ratio = 4
se_ratio = 0.25
height, width = 16, 16


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, expand_ratio, se_ratio]
