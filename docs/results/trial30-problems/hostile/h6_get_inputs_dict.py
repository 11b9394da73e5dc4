# Hostile: get_inputs() returns a dict of keyword arguments instead of a list.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x, y):
        return x + y


def get_inputs():
    return {"x": torch.randn(32, 32), "y": torch.randn(32, 32)}


def get_init_inputs():
    return []
