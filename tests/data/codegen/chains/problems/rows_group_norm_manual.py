# Chain-planner test problem (not KernelBench): statistics written by hand, then an apply (issue 14, session 39).
import torch
import torch.nn as nn


class Model(nn.Module):
    """A group norm written out: x viewed [N, G, C / G, H, W], the mean and the mean of the centred squares over
    (C / G, H, W), normalised, viewed back, and the per-channel affine."""

    def __init__(self, channels, groups, eps=1e-5):
        super().__init__()
        self.groups = groups
        self.weight = nn.Parameter(torch.ones(channels) + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        n, c, h, w = x.shape
        y = x.view(n, self.groups, c // self.groups, h, w)
        u = y.mean((2, 3, 4), keepdim=True)
        s = ((y - u) ** 2).mean((2, 3, 4), keepdim=True)
        y = (y - u) / torch.sqrt(s + self.eps)
        return y.view(n, c, h, w) * self.weight.view(1, c, 1, 1) + self.bias.view(1, c, 1, 1)


batch = 4
channels = 32
groups = 8
height = 12
width = 10


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels, groups]
