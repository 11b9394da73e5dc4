# Chain-planner test problem (not KernelBench): a pointwise run whose primary is int64 indices (cummax's here)
# computes forward()'s result: the launch names its float dtype once (probe17's v15 repeated out_dtype=, a
# SyntaxError in kernel.py).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        v, i = torch.cummax(x, dim=-1)
        return i.to(x.dtype) * 0.5 + v


batch = 6
width = 33


def get_inputs():
    return [torch.randn(batch, width)]


def get_init_inputs():
    return []
