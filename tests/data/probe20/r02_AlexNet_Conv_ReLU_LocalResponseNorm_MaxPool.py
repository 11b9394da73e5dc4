import torch
import torch.nn as nn


class Model(nn.Module):
    """AlexNet's first stage: conv 11x11 stride 4 pad 2, ReLU, LocalResponseNorm(size 5, alpha 1e-4, beta 0.75,
    k 2), MaxPool 3x3 stride 2."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 11, stride=4, padding=2)
        self.lrn = nn.LocalResponseNorm(5, alpha=1e-4, beta=0.75, k=2.0)
        self.pool = nn.MaxPool2d(3, stride=2)

    def forward(self, x):
        return self.pool(self.lrn(torch.relu(self.conv(x))))


batch_size = 8
height = 224
width = 224


def get_inputs():
    return [torch.randn(batch_size, 3, height, width)]


def get_init_inputs():
    return [3, 64]
