import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ConvNeXt-V2 block: depthwise 7x7, permute to channels-last, LayerNorm over C, Linear C->4C, GELU,
    global response norm (L2 over H, W; divided by its channel mean; gamma * (x * nx) + beta + x), Linear
    4C->C, permute back, residual."""

    def __init__(self, dim):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.grn_gamma = nn.Parameter(0.1 * torch.randn(1, 1, 1, 4 * dim))
        self.grn_beta = nn.Parameter(0.1 * torch.randn(1, 1, 1, 4 * dim))

    def forward(self, x):
        shortcut = x
        x = self.dwconv(x).permute(0, 2, 3, 1)
        x = F.gelu(self.pwconv1(self.norm(x)))
        gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)
        nx = gx / (gx.mean(dim=-1, keepdim=True) + 1e-6)
        x = self.grn_gamma * (x * nx) + self.grn_beta + x
        x = self.pwconv2(x).permute(0, 3, 1, 2)
        return shortcut + x


batch = 4
dim = 64
size = 28


def get_inputs():
    return [torch.randn(batch, dim, size, size)]


def get_init_inputs():
    return [dim]
