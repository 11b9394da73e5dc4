# Edge (should work): a Model with no parameters, only a registered buffer (a fixed filter bank), plus a
# non-persistent buffer, and get_init_inputs() passing a tensor to the constructor.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, bank):
        super().__init__()
        self.register_buffer("bank", bank)
        self.register_buffer("scale", torch.tensor(0.5), persistent=False)

    def forward(self, x):
        return (x @ self.bank) * self.scale


def get_inputs():
    return [torch.randn(128, 64)]


def get_init_inputs():
    return [torch.randn(64, 32)]
