import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ResNet-50 bottleneck (1x1 reduce, 3x3 stride 2, 1x1 expand x4) with BatchNorm (eval, non-trivial
    running stats) and a strided 1x1 conv + BN downsample on the shortcut, ReLU after the add."""

    def __init__(self, in_channels, planes, stride):
        super().__init__()
        out_channels = planes * 4
        self.conv1 = nn.Conv2d(in_channels, planes, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, stride=stride, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, out_channels, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(out_channels)
        self.down = nn.Sequential(nn.Conv2d(in_channels, out_channels, 1, stride=stride, bias=False),
                                  nn.BatchNorm2d(out_channels))
        with torch.no_grad():
            for m in self.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.running_mean.uniform_(-0.3, 0.3)
                    m.running_var.uniform_(0.5, 1.5)
                    m.weight.uniform_(0.5, 1.5)
                    m.bias.uniform_(-0.2, 0.2)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = F.relu(self.bn2(self.conv2(y)))
        y = self.bn3(self.conv3(y))
        return F.relu(y + self.down(x))


batch = 8
in_channels = 128
planes = 32
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, planes, 2]
