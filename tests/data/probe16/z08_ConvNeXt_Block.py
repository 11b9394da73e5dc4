import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ConvNeXt block: depthwise 7x7 conv, permute to channels-last, LayerNorm over C, Linear C->4C, GELU,
    Linear 4C->C, layer scale, permute back, residual add."""

    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(1e-1 * torch.ones(dim))

    def forward(self, x):
        shortcut = x
        x = self.dwconv(x)
        x = x.permute(0, 2, 3, 1)
        x = self.norm(x)
        x = self.pwconv2(F.gelu(self.pwconv1(x)))
        x = self.gamma * x
        x = x.permute(0, 3, 1, 2)
        return shortcut + x


batch = 8
dim = 96
size = 56


def get_inputs():
    return [torch.randn(batch, dim, size, size)]


def get_init_inputs():
    return [dim]
