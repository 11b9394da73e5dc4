# Chain-planner test problem (not KernelBench): statistics over a dim that is not the contiguous one (issue 14,
# session 47, normcf47): the one-pass column tile's class beyond NCHW.
import torch
import torch.nn as nn


class Model(nn.Module):
    """An RMS norm written out over the channels of a 5-D [B, C, D, H, W] volume (dim 1): the mean of squares over C,
    then x * rsqrt(ms + eps) times a per-channel weight. W alone is short (5); D * H * W is one contiguous run."""

    def __init__(self, channels, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels) + 0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        ms = x.pow(2).mean(1, keepdim=True)
        return x * torch.rsqrt(ms + self.eps) * self.weight[:, None, None, None]


batch = 2
channels = 24
depth = 4
height = 6
width = 5


def get_inputs():
    return [torch.randn(batch, channels, depth, height, width)]


def get_init_inputs():
    return [channels]
