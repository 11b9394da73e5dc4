# Chain-planner test problem (not KernelBench): statistics written by hand, then an apply (issue 14, session 39).
import torch
import torch.nn as nn


class Model(nn.Module):
    """ConvNeXt's channels-first LayerNorm written out (trial 27's 06_): the mean over the channels of NCHW, the mean
    of the centred squares, then (x - mean) / sqrt(var + eps) and the per-channel affine."""

    def __init__(self, channels, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels) + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


batch = 4
channels = 24
height = 20
width = 18


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return [channels]
