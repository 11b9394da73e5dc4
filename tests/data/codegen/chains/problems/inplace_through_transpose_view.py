import torch
import torch.nn as nn


class Model(nn.Module):
    """An in-place op through a slice of a TRANSPOSED view of an intermediate, then the whole tensor read: only
    slice / select chains are rewritten out of place, so this stays a skeleton with the exact reason."""

    def forward(self, x):
        y = x * 2.0
        y.t()[:2].relu_()
        return y + 1.0


def get_inputs():
    return [torch.randn(4, 6)]


def get_init_inputs():
    return []
