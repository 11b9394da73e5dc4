# Chain-planner test problem (not KernelBench): new-user trial 13's x03 at reduced sizes: the drawdown of an
# exclusive prefix sum (cumsum - x, then torch.cummax's values minus it) of a transposed (non-contiguous) input.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        s = torch.cumsum(x, dim=self.dim) - x
        peak = torch.cummax(s, dim=self.dim).values
        return peak - s


n_series = 12
length = 300


def get_inputs():
    return [torch.randn(length, n_series).t()]


def get_init_inputs():
    return [1]
