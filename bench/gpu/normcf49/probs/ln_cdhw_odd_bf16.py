# normcf49's A/B member: the class at a size -- a layer norm over C of a bf16 [B, C, D, H, W] volume, C odd.
import torch
import torch.nn as nn


class Model(nn.Module):
    """A layer norm written out over the channels of a bf16 [B, C, D, H, W] volume (dim 1), in fp32: the mean, the
    mean of the centred squares, (x - u) * rsqrt(s + eps) times a per-channel weight plus a bias, back to bf16. C = 37
    (odd: the held extent padded to 64, 27 lanes masked), D * H * W = 12544 one contiguous run."""

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


batch = 4
channels = 37
depth = 16
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch, channels, depth, height, width).to(torch.bfloat16)]


def get_init_inputs():
    return [channels]
