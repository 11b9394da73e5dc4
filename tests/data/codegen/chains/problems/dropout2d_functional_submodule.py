# Functional dropout inside a submodule, following the submodule's mode: eval mode turns it off.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, c, p):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.p = p

    def forward(self, x):
        return F.dropout2d(torch.relu(self.conv(x)), self.p, self.training)


class Model(nn.Module):
    def __init__(self, c, p):
        super().__init__()
        self.block = Block(c, p)

    def forward(self, x):
        return self.block(x) + 1.0


def get_inputs():
    return [torch.randn(2, 8, 12, 12)]


def get_init_inputs():
    return [8, 0.25]
