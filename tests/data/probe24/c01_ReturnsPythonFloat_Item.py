import torch
import torch.nn as nn


class Model(nn.Module):
    """forward returns a Python float (.item() of a mean squared error), not a tensor."""

    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        return ((pred - target) ** 2).mean().item()


batch = 1024
dim = 1000


def get_inputs():
    return [torch.randn(batch, dim), torch.randn(batch, dim)]


def get_init_inputs():
    return []
