# Chain-planner test problem (not KernelBench): clamp with tensor bounds by keyword (probe16: the bounds were dropped,
# a silent identity). Broadcast bounds whose ranges overlap, so lo > hi occurs: torch gives hi there
# (min(max(x, lo), hi)); then a softmax reading the result.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, lo, hi):
        y = torch.clamp(x, min=lo, max=hi) * 3.0
        return torch.softmax(y.clamp(max=hi), dim=-1)


batch = 7
channels = 5
width = 67


def get_inputs():
    return [torch.randn(batch, channels, width), torch.randn(1, channels, 1) - 0.3, torch.randn(batch, 1, width) + 0.3]


def get_init_inputs():
    return []
