# Chain-planner test problem (not KernelBench): a MobileNetV2 inverted residual block with its residual
# connection -- expand 1x1 conv + BN + ReLU6, depthwise 3x3 conv + BN + ReLU6, project 1x1 conv + BN, + x.
# Each norm fuses into its convolution's epilogue; the residual add (a fifth epilogue tensor) runs after.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, expand_ratio):
        super().__init__()
        hidden = channels * expand_ratio
        self.block = nn.Sequential(
            nn.Conv2d(channels, hidden, 1, 1, 0, bias=False),
            nn.BatchNorm2d(hidden),
            nn.ReLU6(inplace=True),
            nn.Conv2d(hidden, hidden, 3, 1, 1, groups=hidden, bias=False),
            nn.BatchNorm2d(hidden),
            nn.ReLU6(inplace=True),
            nn.Conv2d(hidden, channels, 1, 1, 0, bias=False),
            nn.BatchNorm2d(channels),
        )

    def forward(self, x):
        return x + self.block(x)


batch_size = 4
channels = 16
expand_ratio = 6
height = 14
width = 12


def get_inputs():
    return [torch.rand(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, expand_ratio]
