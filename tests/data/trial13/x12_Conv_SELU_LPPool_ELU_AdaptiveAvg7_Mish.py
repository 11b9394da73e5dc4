import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Stem with unusual pooling and activations: 7x7 stride-2 conv -> SELU -> LPPool2d (p=2, 3x3, stride 2) ->
    ELU(alpha=0.5) -> AdaptiveAvgPool2d to 7x7 -> Mish."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 7, stride=2, padding=3)
        self.pool = nn.LPPool2d(2, 3, stride=2)
        self.avg = nn.AdaptiveAvgPool2d((7, 7))

    def forward(self, x):
        x = F.selu(self.conv(x))
        x = F.elu(self.pool(x), alpha=0.5)
        return F.mish(self.avg(x))


batch_size = 32
in_channels = 3
out_channels = 64
height = 224
width = 224


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
