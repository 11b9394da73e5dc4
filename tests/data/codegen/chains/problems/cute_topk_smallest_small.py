# Chain-planner test problem (not KernelBench): topk_smallest_dim1_3d_gather at small sizes (session 36, cute36: the
# CuTe DSL selection stage on the CPU emulation, a Python call per element and row entry): the smallest k of a
# pointwise distance along dim 1, a softmax of the values over k, the indices gathering another input.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, k):
        super().__init__()
        self.center = nn.Parameter(torch.randn(channels) * 0.5)
        self.k = k

    def forward(self, x, y):
        d = (x - self.center).abs()
        vals, idx = torch.topk(d, self.k, dim=1, largest=False)
        picked = torch.gather(y, 1, idx)
        return torch.softmax(-vals, dim=1) * picked


batch = 2
points = 13
channels = 5
k = 4


def get_inputs():
    return [torch.randn(batch, points, channels), torch.randn(batch, points, channels)]


def get_init_inputs():
    return [channels, k]
