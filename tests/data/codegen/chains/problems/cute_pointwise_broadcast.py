# Kernel Workbench test problem (session 31, cute31): a pointwise-only graph whose inputs broadcast ([C, 1], [W] and
# [N, 1, W] against [N, C, W]): the CuTe DSL elementwise template refuses those, the stage set's kwb_pointwise reads
# them by stride.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, scale, shift, y):
        return torch.sigmoid(x * scale + shift) - y * 0.25


def get_inputs():
    return [torch.randn(3, 4, 9), torch.randn(4, 1), torch.randn(9), torch.randn(3, 1, 9)]


def get_init_inputs():
    return []
