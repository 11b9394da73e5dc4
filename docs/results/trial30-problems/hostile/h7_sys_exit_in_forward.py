# Hostile: forward() calls sys.exit(0) -- a clean exit status with nothing recorded.
import sys
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        sys.exit(0)


def get_inputs():
    return [torch.randn(32, 32)]


def get_init_inputs():
    return []
