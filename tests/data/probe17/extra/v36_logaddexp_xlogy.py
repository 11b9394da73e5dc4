import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x):
        return torch.logaddexp(x, x * 0.5) + torch.xlogy(x.abs(), x.abs() + 1)


batch = 4


def get_inputs():
    return [torch.randn(batch, 64, 300)]


def get_init_inputs():
    return []
