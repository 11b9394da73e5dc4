# Chain-planner test problem (not KernelBench): the p = 0 norm (session 28) over two dims with keepdim, dividing x (a
# density of nonzeros per row), torch.norm's p = 0 alike.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = F.threshold(x, 0.3, 0.0)
        c = torch.linalg.vector_norm(y, ord=0, dim=(1, 2), keepdim=True)
        return y / (c + 1.0) + torch.norm(x, p=0, dim=1, keepdim=True)


batch = 3
channels = 4
width = 21


def get_inputs():
    return [torch.randn(batch, channels, width)]


def get_init_inputs():
    return []
