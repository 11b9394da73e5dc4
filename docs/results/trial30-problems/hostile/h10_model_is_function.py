# Hostile: `Model` is a plain function returning a lambda, not an nn.Module class; get_init_inputs returns a tuple.
import torch


def Model(scale):
    return lambda x: x * scale


def get_inputs():
    return (torch.randn(16, 16),)


def get_init_inputs():
    return (2.0,)
