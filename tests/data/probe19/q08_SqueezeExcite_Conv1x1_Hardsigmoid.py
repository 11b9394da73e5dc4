import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3 squeeze-excitation: global average pool, 1x1 conv (bias) + ReLU, 1x1 conv (bias) +
    hardsigmoid on the [B, C, 1, 1] map, scale the input; then hardswish."""

    def __init__(self, channels, squeeze):
        super().__init__()
        self.fc1 = nn.Conv2d(channels, squeeze, 1)
        self.fc2 = nn.Conv2d(squeeze, channels, 1)

    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        s = F.hardsigmoid(self.fc2(F.relu(self.fc1(s))))
        return F.hardswish(x * s)


batch = 16
channels = 120
squeeze = 32
size = 14


def get_inputs():
    return [torch.randn(batch, channels, size, size)]


def get_init_inputs():
    return [channels, squeeze]
