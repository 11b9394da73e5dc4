import torch
import torch.nn as nn


class Model(nn.Module):
    """(Invalid on purpose: KernelBench runs Model in training mode, where BatchNorm of one value per channel raises.) Every size 1: a [1, 1, 1, 1] input, Conv2d(1, 3, 1), BatchNorm2d (eval), flatten, Linear(3, 1), sigmoid."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 3, 1)
        self.bn = nn.BatchNorm2d(3)
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        return torch.sigmoid(self.fc(self.bn(self.conv(x)).flatten(1)))


def get_inputs():
    return [torch.randn(1, 1, 1, 1)]


def get_init_inputs():
    return []
