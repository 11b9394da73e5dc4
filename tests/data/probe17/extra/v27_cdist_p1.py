import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x):
        return torch.cdist(x, x[:, :50], p=1.0)


batch = 4


def get_inputs():
    return [torch.randn(batch, 200, 32)]


def get_init_inputs():
    return []
