import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Strided Conv2d on a channels_last input -> InstanceNorm2d (affine) -> LeakyReLU(0.2)
    -> mean over channels (keepdim) -> sigmoid: a spatial attention map."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=2, padding=1)
        self.norm = nn.InstanceNorm2d(out_channels, affine=True)

    def forward(self, x):
        x = self.conv(x)
        x = self.norm(x)
        x = F.leaky_relu(x, 0.2)
        x = x.mean(dim=1, keepdim=True)
        return torch.sigmoid(x)


batch_size = 16
in_channels = 24
out_channels = 48
height = width = 96


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width).to(memory_format=torch.channels_last)]


def get_init_inputs():
    return [in_channels, out_channels]
