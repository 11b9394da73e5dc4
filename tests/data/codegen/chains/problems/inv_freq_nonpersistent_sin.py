# Issue 14 (new-user trial 30 #1, second member): a non-persistent buffer computed in __init__ (HF Llama's
# `inv_freq`) used in a pointwise chain; it is in no state_dict, so ModelNew gets its values only by name.
import torch
import torch.nn as nn

B, S, D = 4, 256, 64


class Model(nn.Module):
    def __init__(self, dim, base=10000.0):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, dim).float() / dim))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, x):
        return x + torch.sin(x * self.inv_freq)


def get_inputs():
    return [torch.randn(B, S, D)]


def get_init_inputs():
    return [D]
