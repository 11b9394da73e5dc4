import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        y = torch.tanh(x)
        return y, 3.5, None, "done"


def get_inputs():
    return [torch.randn(32, 64)]


def get_init_inputs():
    return []
