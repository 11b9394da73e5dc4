import torch
import torch.nn as nn


class Model(nn.Module):
    """The variance of every element written by hand as E[x^2] - E[x]^2, with a scale after: `x.mean()` and
    `(x * x).mean()` are sibling whole-tensor reductions of one source (issue 14, session 42, sib42); the result is
    the normalised tensor, so x is read again by the apply."""

    def forward(self, x):
        mu = x.mean()
        ms = (x * x).mean()
        var = (ms - mu * mu).clamp(min=0.0)
        return (x - mu) * torch.rsqrt(var + 1e-5)


batch = 4
channels = 16
length = 70


def get_inputs():
    return [torch.randn(batch, channels, length) * 2.0 + 0.5]


def get_init_inputs():
    return []
