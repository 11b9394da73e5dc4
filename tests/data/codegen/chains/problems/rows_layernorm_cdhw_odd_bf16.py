# Chain-planner test problem (not KernelBench): statistics over a dim that is not the contiguous one (issue 14,
# session 49, normcf49): the one-pass column tile's class with an odd channel count, a 16-bit input and a 5-D volume.
import torch
import torch.nn as nn


class Model(nn.Module):
    """A layer norm written out over the channels of a bf16 [B, C, D, H, W] volume (dim 1), in fp32: the mean, the
    mean of the centred squares, (x - u) * rsqrt(s + eps) times a per-channel weight plus a bias, back to bf16. C = 37
    (odd: the held extent padded to 64, 27 lanes masked), D * H * W = 105 one contiguous run (odd: a column tail)."""

    def __init__(self, channels, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels) + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        xf = x.float()
        u = xf.mean(1, keepdim=True)
        d = xf - u
        s = (d * d).mean(1, keepdim=True)
        y = d * torch.rsqrt(s + self.eps) * self.weight[:, None, None, None] + self.bias[:, None, None, None]
        return y.to(torch.bfloat16)


batch = 2
channels = 37
depth = 3
height = 5
width = 7


def get_inputs():
    return [torch.randn(batch, channels, depth, height, width).to(torch.bfloat16)]


def get_init_inputs():
    return [channels]
