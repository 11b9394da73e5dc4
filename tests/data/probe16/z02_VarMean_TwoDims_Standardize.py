import torch
import torch.nn as nn


class Model(nn.Module):
    """Per-(batch, row) standardisation over two non-adjacent dims with torch.var_mean (unbiased, keepdim,
    negative dims): y = (x - mean) * rsqrt(var + eps), statistics over dims (1, -1) of a (B, C, H, W) tensor."""

    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        var, mean = torch.var_mean(x, dim=(1, -1), unbiased=True, keepdim=True)
        return (x - mean) * torch.rsqrt(var + self.eps)


batch = 16
channels = 37
height = 64
width = 251


def get_inputs():
    return [torch.randn(batch, channels, height, width) * 3.0 + 1.0]


def get_init_inputs():
    return [1e-5]
