import torch
import torch.nn as nn


class Model(nn.Module):
    """A reversed signal read twice: its running max and its deviation from the row mean."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.flip(x * 0.5, dims=[-1])
        return torch.cummax(y, dim=-1).values - y.mean(dim=-1, keepdim=True)


def get_inputs():
    return [torch.randn(40, 257)]


def get_init_inputs():
    return []
