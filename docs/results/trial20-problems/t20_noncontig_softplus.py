import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Softplus with beta/threshold on a transposed (non-contiguous) input, times its column sums."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.softplus(x, beta=2.0, threshold=5.0) * x.sum(dim=0, keepdim=True)


def get_inputs():
    # a transposed view: strides (1, 257)
    return [torch.randn(257, 130).t()]


def get_init_inputs():
    return []
