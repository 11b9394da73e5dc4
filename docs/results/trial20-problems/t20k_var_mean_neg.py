import torch
import torch.nn as nn


class Model(nn.Module):
    """var_mean over dims (-1, 1) with Bessel's correction, then a z-score of the (0, 2)-amax."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        v, m = torch.var_mean(x, dim=(-1, 1), keepdim=True)
        peak = x.amax(dim=(0, 2), keepdim=True)
        return (peak - m) / torch.sqrt(v + 1e-5)


def get_inputs():
    return [torch.randn(6, 11, 17, 23)]


def get_init_inputs():
    return []
