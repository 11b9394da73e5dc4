import torch
import torch.nn as nn


class Model(nn.Module):
    """Conv2d 3x3 -> BatchNorm2d -> ReLU, the ResNet stem-ish block."""

    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, kernel_size=3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))


batch, cin, cout, H, W = 8, 32, 64, 56, 56


def get_inputs():
    return [torch.randn(batch, cin, H, W)]


def get_init_inputs():
    return [cin, cout]
