import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Average pool with ceil_mode and no pad counting, dilated max pool of the same input, mixed."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        m = F.max_pool2d(x, kernel_size=2, stride=2, padding=0, dilation=2, ceil_mode=True)
        a = a[..., : m.shape[-2], : m.shape[-1]]
        return a - 0.5 * m


def get_inputs():
    return [torch.randn(3, 17, 29, 31)]


def get_init_inputs():
    return []
