# Chain-planner test problem (not KernelBench): a product over a middle dim (session 36, cute36: the CuTe DSL
# kwb_reduce's prod, probe22 b02's class): values kept near 1 by an affine sigmoid before it, a log after it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.sigmoid(x) * 0.5 + 0.75
        return torch.log(torch.prod(y, dim=1)) + x[:, 0]


batch = 5
steps = 37
dim = 6


def get_inputs():
    return [torch.randn(batch, steps, dim)]


def get_init_inputs():
    return []
