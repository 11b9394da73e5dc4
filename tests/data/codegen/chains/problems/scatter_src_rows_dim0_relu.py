# Chain-planner test problem (not KernelBench): torch.scatter of a scaled source along dim 0 (each column's targets a
# distinct row: the result does not depend on the write order), then a ReLU (probe 22's a09's class with src=).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, index, src):
        return torch.relu(x.scatter(0, index, src * self.scale) - 0.25)


def get_inputs():
    g = torch.Generator().manual_seed(0)
    index = torch.stack([torch.randperm(9, generator=g)[:5] for _ in range(11)], dim=1)
    return [torch.randn(9, 11), index, torch.randn(6, 11)]


def get_init_inputs():
    return [1.5]
