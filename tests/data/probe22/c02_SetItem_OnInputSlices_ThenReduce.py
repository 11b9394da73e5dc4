import torch
import torch.nn as nn


class Model(nn.Module):
    """Writes slices of its INPUT through indexing: the first column zeroed, the last column doubled (x[..., -1] *=
    2), then a row softmax of x and a reduction. The caller's tensor is changed, as in eager PyTorch."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        x[:, 0] = 0.0
        x[..., -1] *= 2.0
        return torch.softmax(x, dim=-1).sum(dim=0)


def get_inputs():
    return [torch.randn(4096, 1000)]


def get_init_inputs():
    return []
