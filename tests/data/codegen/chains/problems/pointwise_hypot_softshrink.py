# Chain-planner test problem (not KernelBench): probe16's pointwise skeletons by class (session 28): torch.hypot of a
# broadcast pair and softshrink / hardshrink in the pointwise lowering, all pointwise (the elementwise template).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        h = torch.hypot(x * 3.0, y)
        return F.softshrink(h - 1.5, 0.3) + F.hardshrink(x, 0.7)


batch = 6
width = 37


def get_inputs():
    return [torch.randn(batch, width), torch.randn(1, width)]


def get_init_inputs():
    return []
