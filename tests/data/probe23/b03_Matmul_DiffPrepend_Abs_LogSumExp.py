import torch
import torch.nn as nn


class Model(nn.Module):
    """Matmul with a parameter, torch.diff along the features with a zero column prepended, |.|, logsumexp."""

    def __init__(self, k, n):
        super().__init__()
        self.w = nn.Parameter(torch.randn(k, n) / k ** 0.5)

    def forward(self, x):
        y = x @ self.w
        d = torch.diff(y, dim=-1, prepend=torch.zeros_like(y[:, :1]))
        return torch.logsumexp(d.abs(), dim=-1)


batch = 384
k = 200
n = 150


def get_inputs():
    return [torch.randn(batch, k)]


def get_init_inputs():
    return [k, n]
