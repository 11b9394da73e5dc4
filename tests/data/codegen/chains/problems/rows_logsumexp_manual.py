# Chain-planner test problem (not KernelBench): sibling reductions over the same rows (kwb_rows).
import torch
import torch.nn as nn


class Model(nn.Module):
    """A logsumexp written out: the row max, then the sum of exp(x - max) -- two reductions over the same rows, the
    second reading the first per row (kwb_rows: one launch)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        m = x.amax(dim=1, keepdim=True)
        s = torch.exp(x - m).sum(dim=1, keepdim=True)
        return (m + torch.log(s)).squeeze(1)


batch = 96
features = 3000


def get_inputs():
    return [torch.randn(batch, features)]


def get_init_inputs():
    return []
