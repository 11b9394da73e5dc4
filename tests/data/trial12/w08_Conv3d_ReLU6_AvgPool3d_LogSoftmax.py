import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Conv3d with an anisotropic stride -> ReLU6 -> AvgPool3d(2) -> log_softmax over channels."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv3d(in_channels, out_channels, kernel_size=3, stride=(1, 2, 2), padding=1)
        self.pool = nn.AvgPool3d(2)

    def forward(self, x):
        x = self.conv(x)
        x = F.relu6(x)
        x = self.pool(x)
        return F.log_softmax(x, dim=1)


batch_size = 4
in_channels = 8
out_channels = 16
depth = 12
height = width = 48


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
