"""Two top-level functions, none named reference: the probe must say which one it traced."""
import torch


def scale(x):
    return x * 2.0


def shift(x):
    return x + 1.0


def get_inputs():
    return [torch.rand(64, 32)]
