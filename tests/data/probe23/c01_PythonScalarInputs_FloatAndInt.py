import torch
import torch.nn as nn


class Model(nn.Module):
    """forward takes a Python float and a Python int beside the tensor (get_inputs returns them):
    softmax(x * scale + shift) over the last dim, then pow(power) — the scalars are inputs, not init args."""

    def __init__(self):
        super().__init__()

    def forward(self, x, scale, power):
        return torch.softmax(x * scale + 1.0, dim=-1).pow(power)


batch = 128
dim = 1000


def get_inputs():
    return [torch.randn(batch, dim), 0.35, 2]


def get_init_inputs():
    return []
