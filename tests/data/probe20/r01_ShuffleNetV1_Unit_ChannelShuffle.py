import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ShuffleNet v1 unit (stride 1): grouped 1x1 conv + BN + ReLU, channel shuffle (view / transpose / view),
    depthwise 3x3 conv + BN, grouped 1x1 conv + BN, residual add, ReLU. BN in eval mode (running statistics)."""

    def __init__(self, channels, groups):
        super().__init__()
        mid = channels // 4
        self.groups = groups
        self.conv1 = nn.Conv2d(channels, mid, 1, groups=groups, bias=False)
        self.bn1 = nn.BatchNorm2d(mid)
        self.conv2 = nn.Conv2d(mid, mid, 3, padding=1, groups=mid, bias=False)
        self.bn2 = nn.BatchNorm2d(mid)
        self.conv3 = nn.Conv2d(mid, channels, 1, groups=groups, bias=False)
        self.bn3 = nn.BatchNorm2d(channels)
        self.eval()

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        b, c, h, w = out.shape
        out = out.view(b, self.groups, c // self.groups, h, w).transpose(1, 2).contiguous().view(b, c, h, w)
        out = self.bn2(self.conv2(out))
        out = self.bn3(self.conv3(out))
        return F.relu(out + x)


batch_size = 16
channels = 240
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, 3]
