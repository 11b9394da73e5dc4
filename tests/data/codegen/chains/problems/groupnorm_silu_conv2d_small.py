# Chain-planner test problem (not KernelBench): a group norm whose only reader is a convolution (probe 21's s05's
# class: the norm gets keep_layout=True, the hint that its result keep a channels-last input's layout for the
# convolution), SiLU in the norm's launch, then a 3x3 convolution with bias.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels, groups, out_channels):
        super().__init__()
        self.norm = nn.GroupNorm(groups, channels)
        self.conv = nn.Conv2d(channels, out_channels, 3, padding=1)

    def forward(self, x):
        return self.conv(F.silu(self.norm(x)))


def get_inputs():
    return [torch.randn(2, 8, 6, 5)]


def get_init_inputs():
    return [8, 4, 6]
