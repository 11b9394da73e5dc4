import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Attention U-Net gate: skip features x (full resolution) and gating signal g (half resolution); 1x1 conv of g,
    strided 1x1 conv of x, ReLU of their sum, 1x1 conv to one channel, sigmoid, bilinear upsample x2, multiply
    into x."""

    def __init__(self, x_channels, g_channels, inter_channels):
        super().__init__()
        self.theta_x = nn.Conv2d(x_channels, inter_channels, kernel_size=1, stride=2, bias=False)
        self.phi_g = nn.Conv2d(g_channels, inter_channels, kernel_size=1, bias=True)
        self.psi = nn.Conv2d(inter_channels, 1, kernel_size=1, bias=True)

    def forward(self, x, g):
        a = F.relu(self.theta_x(x) + self.phi_g(g))
        alpha = torch.sigmoid(self.psi(a))
        alpha = F.interpolate(alpha, scale_factor=2, mode="bilinear", align_corners=False)
        return x * alpha


batch = 8
x_channels = 64
g_channels = 128
inter_channels = 32
size = 128


def get_inputs():
    return [torch.randn(batch, x_channels, size, size), torch.randn(batch, g_channels, size // 2, size // 2)]


def get_init_inputs():
    return [x_channels, g_channels, inter_channels]
