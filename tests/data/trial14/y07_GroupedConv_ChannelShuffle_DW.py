import torch
import torch.nn as nn


class Model(nn.Module):
    """ShuffleNet unit: grouped 1x1 conv, BN, ReLU, channel shuffle, depthwise 3x3, BN."""

    def __init__(self, ch, groups):
        super().__init__()
        self.g = groups
        self.pw = nn.Conv2d(ch, ch, 1, groups=groups, bias=False)
        self.bn1 = nn.BatchNorm2d(ch)
        self.dw = nn.Conv2d(ch, ch, 3, padding=1, groups=ch, bias=False)
        self.bn2 = nn.BatchNorm2d(ch)
        self.eval()

    def forward(self, x):
        x = torch.relu(self.bn1(self.pw(x)))
        b, c, h, w = x.shape
        x = x.view(b, self.g, c // self.g, h, w).transpose(1, 2).reshape(b, c, h, w)
        return self.bn2(self.dw(x))


batch = 16
ch = 240
groups = 3
size = 56


def get_inputs():
    return [torch.randn(batch, ch, size, size)]


def get_init_inputs():
    return [ch, groups]
