import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Padded ceil-mode average pool cropped to a dilated max pool's length (1-D), their difference."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = F.avg_pool1d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True)
        m = F.max_pool1d(x, kernel_size=2, stride=2, dilation=2, ceil_mode=True)
        return a[..., : m.shape[-1]] - m


def get_inputs():
    return [torch.randn(6, 20, 301)]


def get_init_inputs():
    return []
