# Chain-planner test problem (not KernelBench; issue 14, session 29): a log_softmax over dim 2 of a 5-D tensor (a
# middle dim: its elements 30 apart) after a temperature, times a per-(channel, W) weight -- p28_softmax_channels_bias's
# class (the softmax dim not adjacent in memory) with a multiply epilogue read through broadcast strides.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, w):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(1, channels, 1, 1, w))

    def forward(self, x):
        return torch.log_softmax(x * 0.5, dim=2) * self.weight


def get_inputs():
    return [torch.randn(2, 4, 37, 5, 6)]


def get_init_inputs():
    return [4, 6]
