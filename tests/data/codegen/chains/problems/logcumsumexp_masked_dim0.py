# Chain-planner test problem (not KernelBench): torch.logcumsumexp by class (probe16's z03) through kwb_scan: along
# dim 0 of a 3-D tensor (not the last dim), -inf entries from a mask (a row that starts masked stays -inf until its
# first finite value), then a pointwise epilogue.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, keep):
        s = torch.logcumsumexp(x.masked_fill(keep < 0.3, float("-inf")), dim=0)
        return torch.tanh(s) * 0.5 + x


steps = 70
batch = 5
width = 9


def get_inputs():
    return [torch.randn(steps, batch, width) * 4.0, torch.rand(steps, batch, width)]


def get_init_inputs():
    return []
