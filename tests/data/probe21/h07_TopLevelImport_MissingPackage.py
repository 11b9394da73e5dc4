import torch
import torch.nn as nn
import flash_attn_kwb_missing  # noqa: F401  (not installed anywhere)


class Model(nn.Module):
    """A problem file whose top-level import names a package that is not installed."""

    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(64, 64)]


def get_init_inputs():
    return []
