# Session 28 bench problem (not KernelBench): a softmax over the channels of an NCHW tensor after a per-position
# bias (a prologue reading a tensor: its coordinates along a middle dim, the row decode's SLOT 1 case).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, h, w):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(1, 1, h, w))

    def forward(self, x):
        return torch.softmax(x + self.pos, dim=1)


def get_inputs():
    return [torch.randn(16, 64, 56, 56)]


def get_init_inputs():
    return [56, 56]
