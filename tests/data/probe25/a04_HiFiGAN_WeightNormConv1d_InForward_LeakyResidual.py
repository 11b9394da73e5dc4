import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """HiFi-GAN residual unit with weight normalisation computed in forward (what nn.utils.weight_norm
    does at each call): w = g * v / ||v|| over (in, k) per output channel; leaky_relu(0.1), dilated
    Conv1d(k=3, dilation=3, 'same' padding), leaky_relu, Conv1d(k=3), + x."""

    def __init__(self, channels):
        super().__init__()
        self.v1 = nn.Parameter(torch.randn(channels, channels, 3) * 0.1)
        self.g1 = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)
        self.b1 = nn.Parameter(torch.randn(channels) * 0.1)
        self.v2 = nn.Parameter(torch.randn(channels, channels, 3) * 0.1)
        self.g2 = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)
        self.b2 = nn.Parameter(torch.randn(channels) * 0.1)

    @staticmethod
    def wn(v, g):
        return g * v / v.norm(dim=(1, 2), keepdim=True)

    def forward(self, x):  # [batch, channels, length]
        y = F.conv1d(F.leaky_relu(x, 0.1), self.wn(self.v1, self.g1), self.b1, padding=3, dilation=3)
        y = F.conv1d(F.leaky_relu(y, 0.1), self.wn(self.v2, self.g2), self.b2, padding=1)
        return x + y


batch = 4
channels = 64
length = 1024


def get_inputs():
    return [torch.randn(batch, channels, length)]


def get_init_inputs():
    return [channels]
