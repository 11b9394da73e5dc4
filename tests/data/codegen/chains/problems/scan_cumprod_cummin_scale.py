# Chain-planner test problem (not KernelBench): scans other than cumsum in a chain (new-user trial 13, x03's class):
# a cumprod of a pointwise prologue, then the running minimum (torch.cummin's values) over another dim, scaled by a
# per-channel parameter.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(channels, 1) + 0.5)

    def forward(self, x):
        growth = torch.cumprod(1.0 + 0.05 * torch.tanh(x), dim=2)
        return torch.cummin(growth, dim=1).values * self.scale


batch_size = 3
channels = 20
length = 45


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels]
