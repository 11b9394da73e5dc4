# -*- coding: latin-1 -*-
import torch
import torch.nn as nn

LABEL = "café"  # latin-1 bytes, declared


class Model(nn.Module):
    def forward(self, x):
        return torch.tanh(x) + 1.0


def get_inputs():
    return [torch.randn(64, 64)]


def get_init_inputs():
    return []
