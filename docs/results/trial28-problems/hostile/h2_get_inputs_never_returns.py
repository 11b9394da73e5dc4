import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    n = 0
    while True:  # busy loop: burns CPU, never returns
        n += 1
    return [torch.randn(16, 16)]


def get_init_inputs():
    return []
