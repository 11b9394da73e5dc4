import torch
import torch.nn as nn


class Model(nn.Module):
    """A masked mean over every element written as two sums: `(x * m).sum() / m.sum().clamp(min=1)` (a loss over
    the valid tokens of a padded batch): two sibling whole-tensor reductions over tensors of one shape, the first
    with a prologue reading the mask (issue 14, session 42, sib42)."""

    def forward(self, x, m):
        return (x * m).sum() / m.sum().clamp(min=1.0)


batch = 6
seq = 50
dim = 24


def get_inputs():
    return [torch.randn(batch, seq, dim), (torch.rand(batch, seq, dim) > 0.3).float()]


def get_init_inputs():
    return []
