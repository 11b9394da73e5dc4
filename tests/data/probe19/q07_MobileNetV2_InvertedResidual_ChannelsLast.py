import torch
import torch.nn as nn


class Model(nn.Module):
    """MobileNetV2 inverted residual (stride 1, expand 6): 1x1 conv + BN + ReLU6, depthwise 3x3 + BN +
    ReLU6, 1x1 projection + BN, residual add. BN running statistics set (eval); the input is channels_last."""

    def __init__(self, channels, expand):
        super().__init__()
        hidden = channels * expand
        self.block = nn.Sequential(
            nn.Conv2d(channels, hidden, 1, bias=False), nn.BatchNorm2d(hidden), nn.ReLU6(inplace=True),
            nn.Conv2d(hidden, hidden, 3, padding=1, groups=hidden, bias=False), nn.BatchNorm2d(hidden),
            nn.ReLU6(inplace=True),
            nn.Conv2d(hidden, channels, 1, bias=False), nn.BatchNorm2d(channels))
        g = torch.Generator().manual_seed(0)
        for m in self.block:
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.copy_(torch.randn(m.num_features, generator=g) * 0.1)
                m.running_var.copy_(torch.rand(m.num_features, generator=g) + 0.5)
                m.weight.data.copy_(torch.rand(m.num_features, generator=g) + 0.5)
                m.bias.data.copy_(torch.randn(m.num_features, generator=g) * 0.1)

    def forward(self, x):
        return x + self.block(x)


batch = 8
channels = 32
expand = 6
size = 28


def get_inputs():
    return [torch.randn(batch, channels, size, size).to(memory_format=torch.channels_last)]


def get_init_inputs():
    return [channels, expand]
