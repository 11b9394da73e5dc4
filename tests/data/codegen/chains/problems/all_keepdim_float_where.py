# Chain-planner test problem (not KernelBench): all / any (session 28) of a float tensor (nonzero is true) with keepdim,
# and over every dim, read by a where and a float cast.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        r = torch.relu(x + 1.0)
        keep = r.all(dim=-1, keepdim=True)
        return torch.where(keep, x, -x) * torch.any(r > 3.0).float()


batch = 5
width = 7


def get_inputs():
    return [torch.randn(batch, width)]


def get_init_inputs():
    return []
