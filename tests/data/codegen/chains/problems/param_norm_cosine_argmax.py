import torch
import torch.nn as nn


class Model(nn.Module):
    """Cosine prototype assignment: x P^T divided by each prototype's norm (computed in forward from the parameter
    alone), then the best prototype and its score. The norm is an intermediate of a parameter: stored in a 16-bit
    parameter's dtype it would move the argmax (probe25 a09's class)."""

    def __init__(self, classes, dim):
        super().__init__()
        self.prototypes = nn.Parameter(torch.randn(classes, dim))

    def forward(self, x):
        s = x @ self.prototypes.t() / self.prototypes.norm(dim=1)
        v, i = s.max(dim=1)
        return i, v


batch = 512
classes = 1000
dim = 64


def get_inputs():
    return [torch.randn(batch, dim)]


def get_init_inputs():
    return [classes, dim]
