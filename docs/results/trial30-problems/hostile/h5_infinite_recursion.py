# Hostile: forward() recurses without end (RecursionError in Python).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return self.forward(x + 1)


def get_inputs():
    return [torch.randn(16)]


def get_init_inputs():
    return []
