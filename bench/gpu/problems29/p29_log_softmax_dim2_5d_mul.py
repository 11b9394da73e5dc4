# Session 29 bench problem (not KernelBench; issue 14): tests/data/codegen/chains/problems/log_softmax_dim2_5d_mul.py
# at bench sizes -- a log_softmax over dim 2 of a 5-D tensor (96 elements 784 apart) after a temperature, times a
# per-(channel, W) weight: p28_softmax_channels_bias's class with a multiply epilogue read through broadcast strides.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, w):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(1, channels, 1, 1, w))

    def forward(self, x):
        return torch.log_softmax(x * 0.5, dim=2) * self.weight


def get_inputs():
    return [torch.randn(8, 16, 96, 28, 28)]


def get_init_inputs():
    return [16, 28]
