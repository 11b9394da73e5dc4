# The allocation is in __init__ (a 2^20 x 2^20 fp32 weight = 4 TiB), not in get_inputs.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(1 << 20, 1 << 20)

    def forward(self, x):
        return self.fc(x)


def get_inputs():
    return [torch.randn(8, 1 << 20)]


def get_init_inputs():
    return []
