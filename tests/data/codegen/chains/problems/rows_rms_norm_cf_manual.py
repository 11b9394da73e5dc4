# Chain-planner test problem (not KernelBench): statistics written by hand, then an apply (issue 14, session 39).
import torch
import torch.nn as nn


class Model(nn.Module):
    """An RMS norm written out over the channels of NCHW (dim 1, not the last): the mean of squares, then x *
    rsqrt(ms + eps) times a per-channel weight."""

    def __init__(self, channels, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels) + 0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        ms = x.pow(2).mean(1, keepdim=True)
        return x * torch.rsqrt(ms + self.eps) * self.weight[:, None, None]


batch = 4
channels = 24
height = 20
width = 18


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels]
