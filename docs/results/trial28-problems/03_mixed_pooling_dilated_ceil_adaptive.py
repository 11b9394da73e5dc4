# "Mixed pooling" head: a dilated, ceil_mode max pool, then the difference of an adaptive max and an
# adaptive average pool to a non-dividing output size (5, 7).
import torch
import torch.nn as nn
import torch.nn.functional as F

N, C, H, W = 8, 64, 61, 83


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = F.max_pool2d(x, kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=True)
        return F.adaptive_max_pool2d(y, (5, 7)) - 0.5 * F.adaptive_avg_pool2d(y, (5, 7))


def get_inputs():
    return [torch.randn(N, C, H, W)]


def get_init_inputs():
    return []
