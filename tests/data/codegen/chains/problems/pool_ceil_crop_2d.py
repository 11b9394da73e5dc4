import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """New-user trial 20 #1's class: a padded ceil-mode average pool cropped to a dilated ceil-mode max pool's
    height and width (a slice end at a pooled length, which follows the input sizes), then combined."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        m = F.max_pool2d(x, kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=True)
        a = a[:, :, : m.shape[2], : m.shape[3]]
        return torch.tanh(a) * m


def get_inputs():
    return [torch.randn(2, 6, 27, 33)]


def get_init_inputs():
    return []
