# Chain-planner test problem (not KernelBench): an outer broadcast summed over the last dim (probe16's z01's class,
# session 28): the squared differences of every (x_i, y_j) pair are the reduction's prologue, read through the
# operands' strides (stride 0 along the broadcast dims), never a [B, N, M, D] intermediate.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        d2 = ((x.unsqueeze(2) - y.unsqueeze(1)) ** 2).sum(dim=-1)
        return torch.sqrt(d2 + 1e-6)


batch = 3
n = 13
m = 7
dim = 24


def get_inputs():
    return [torch.randn(batch, n, dim), torch.randn(batch, m, dim)]


def get_init_inputs():
    return []
