import torch
import torch.nn as nn


class Model(nn.Module):
    """ESPCN super-resolution head: conv 5x5 + PReLU (one slope per channel), conv 3x3 to C*r*r channels,
    pixel_shuffle(r), sigmoid."""

    def __init__(self, in_channels, features, scale):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, features, 5, padding=2)
        self.act = nn.PReLU(features)
        self.conv2 = nn.Conv2d(features, in_channels * scale * scale, 3, padding=1)
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        return torch.sigmoid(self.shuffle(self.conv2(self.act(self.conv1(x)))))


batch_size = 8
height = 64
width = 64


def get_inputs():
    return [torch.randn(batch_size, 3, height, width)]


def get_init_inputs():
    return [3, 64, 3]
