# Hostile: forward() computes but forgets to return (returns None).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        y = torch.relu(x)  # noqa: F841


def get_inputs():
    return [torch.randn(64, 64)]


def get_init_inputs():
    return []
