import torch
import torch.nn as nn


class Model(nn.Module):
    """In-place ops on an input: x.mul_(scale).add_(bias) mutates the caller's tensor, then relu_ on the
    same storage, and the result is x itself plus a second read of the (now mutated) input y += x."""

    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(dim) + 0.5)
        self.bias = nn.Parameter(torch.randn(dim))

    def forward(self, x, y):
        x.mul_(self.scale).add_(self.bias)
        torch.relu_(x)
        y += x
        return x * y


batch = 512
dim = 1024


def get_inputs():
    return [torch.randn(batch, dim), torch.randn(batch, dim)]


def get_init_inputs():
    return [dim]
