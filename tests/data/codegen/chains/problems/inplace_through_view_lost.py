import torch
import torch.nn as nn


class Model(nn.Module):
    """In-place ops through views of an intermediate (a slice's relu_, a column's add_), then the whole tensor read:
    computed out of place, the writes would be lost (a skeleton until inplace35: now rewritten out of place)."""

    def forward(self, x):
        y = x * 2.0
        y[:, :2].relu_()
        y.select(1, 3).add_(1.0)
        return y


def get_inputs():
    return [torch.randn(4, 6)]


def get_init_inputs():
    return []
