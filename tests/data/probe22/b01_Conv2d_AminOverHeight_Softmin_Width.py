import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Conv2d, minimum over the height (dim 2, not the last), softmin over the width, times a per-channel
    parameter."""

    def __init__(self, cin, cout, k):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k)
        self.scale = nn.Parameter(torch.rand(cout, 1) + 0.5)

    def forward(self, x):
        y = self.conv(x)
        y = torch.amin(y, dim=2)
        return F.softmin(y, dim=-1) * self.scale


def get_inputs():
    return [torch.randn(32, 16, 66, 130)]


def get_init_inputs():
    return [16, 64, 3]
