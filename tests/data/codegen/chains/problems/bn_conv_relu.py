# Chain-planner test problem (not KernelBench): convolution, batch norm, ReLU -- in eval mode the norm is a
# per-channel affine that fuses into the convolution's epilogue with the ReLU.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.bn = nn.BatchNorm2d(out_channels, eps=1e-3)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


batch_size = 4
in_channels = 8
out_channels = 24
height = 20
width = 18


def get_inputs():
    return [torch.rand(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
