import torch
import torch.nn as nn


class Model(nn.Module):
    """Log-space running normaliser of a transposed (non-contiguous) score sequence, then a survival-style
    running product: out = exp(x - logcumsumexp(x, dim=1)) * cumprod(sigmoid(x), dim=1)."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.transpose(0, 1)
        lse = torch.logcumsumexp(x, dim=1)
        surv = torch.cumprod(torch.sigmoid(x), dim=1)
        return torch.exp(x - lse) * surv


length = 2039
n_series = 1024


def get_inputs():
    return [torch.randn(length, n_series)]


def get_init_inputs():
    return []
