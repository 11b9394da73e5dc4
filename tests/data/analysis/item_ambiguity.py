import torch
import torch.nn as nn


class Model(nn.Module):
    """Scales by the global max: .item() makes the result depend on the data."""

    def forward(self, x):
        peak = x.abs().max().item()
        return x / peak


batch_size = 64
dim = 4096


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
