# ConvNeXt block (new-user trial 28, 09, at small sizes): depthwise 7x7 conv, permute to channels-last, LayerNorm, Linear 4x, GELU, Linear,
# a learned layer scale (gamma), permute back, residual.
import torch
import torch.nn as nn
import torch.nn.functional as F

N, C, H, W = 2, 16, 10, 10


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(1e-6 * torch.ones(dim) + 0.1)

    def forward(self, x):
        y = self.dwconv(x).permute(0, 2, 3, 1)
        y = self.pwconv2(F.gelu(self.pwconv1(self.norm(y))))
        y = (self.gamma * y).permute(0, 3, 1, 2)
        return x + y


def get_inputs():
    return [torch.randn(N, C, H, W)]


def get_init_inputs():
    return [C]
