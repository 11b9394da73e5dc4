import torch
import torch.nn as nn


class Model(nn.Module):
    """A weighted sum of relu(x) over the last dim, the weight a parameter: (relu(x) * w).sum(-1) (session 23: a
    pointwise run read only by a reduction is applied in the reduction's loads)."""

    def __init__(self, dim):
        super().__init__()
        self.w = nn.Parameter(torch.randn(dim))

    def forward(self, x):
        return (torch.relu(x) * self.w).sum(dim=-1)


batch_size = 16
seq_len = 48
dim = 200


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim]
