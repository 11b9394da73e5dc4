import torch
import torch.nn as nn


class Model(nn.Module):
    """Every size 1: a [1, 1, 1, 1] input, Conv2d(1, 3, 1), LayerNorm([3, 1, 1]), flatten, Linear(3, 1), sigmoid."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 3, 1)
        self.ln = nn.LayerNorm([3, 1, 1])
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        return torch.sigmoid(self.fc(self.ln(self.conv(x)).flatten(1)))


def get_inputs():
    return [torch.randn(1, 1, 1, 1)]


def get_init_inputs():
    return []
