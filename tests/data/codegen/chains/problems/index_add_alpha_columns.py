# Chain-planner test problem (not KernelBench): index_add with alpha != 1 (probe16, session 28): the source scaled by
# alpha, repeated indices along dim 1, then tanh.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx, src):
        return torch.tanh(x.index_add(1, idx, src, alpha=0.5))


batch = 4
cols = 9
picks = 13


def get_inputs():
    return [torch.randn(batch, cols), torch.randint(0, cols, (picks,)), torch.randn(batch, picks)]


def get_init_inputs():
    return []
