# Chain-planner test problem (not KernelBench): torch.index_select of channels by a buffer of indices (a channel
# permutation with repeats), then GELU (new-user trial 13, x08's class: index_select is a gather).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.register_buffer("order", torch.arange(channels - 1, -1, -1).repeat_interleave(2)[: channels + 3])

    def forward(self, x):
        return F.gelu(torch.index_select(x, 1, self.order))


batch_size = 4
channels = 10
length = 33


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels]
