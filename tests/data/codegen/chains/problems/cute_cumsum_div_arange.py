# Chain-planner test problem (not KernelBench): unseen u66's running mean at a small size (session 34, cute34): a
# running count by torch.arange (a fill launch) and a cumsum along dim 1 of 70 (three 32-element chunks), divided;
# the CuTe DSL's fill and scan stages.
import torch
import torch.nn as nn


class Model(nn.Module):
    """Running mean along dim 1: cumsum divided by the running count."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        n = x.shape[1]
        count = torch.arange(1, n + 1, device=x.device, dtype=x.dtype).view(1, n)
        return torch.cumsum(x, dim=1) / count


batch_size = 6
length = 70


def get_inputs():
    return [torch.rand(batch_size, length)]


def get_init_inputs():
    return []
