import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Dilated ceil-mode max pool trims a plain average pool of the same signal; their difference."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        wide = F.max_pool1d(x, kernel_size=2, stride=2, dilation=2, ceil_mode=True)
        plain = F.avg_pool1d(x, kernel_size=2, stride=2)
        return plain[..., : wide.shape[-1]] - wide


def get_inputs():
    return [torch.randn(6, 20, 299)]


def get_init_inputs():
    return []
