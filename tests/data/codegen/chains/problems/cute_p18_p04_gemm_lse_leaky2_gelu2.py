# Kernel Workbench test copy of tests/data/probe18/p04 at small feature sizes (the CuTe DSL chain emulation).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Linear, logsumexp over features (keepdim), LeakyReLU twice (0.01), GELU twice."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        y = self.linear(x)
        y = torch.logsumexp(y, dim=1, keepdim=True)
        y = F.leaky_relu(y, negative_slope=0.01)
        y = F.leaky_relu(y, negative_slope=0.01)
        y = F.gelu(y)
        y = F.gelu(y)
        return y


batch = 256
in_features = 24
out_features = 50


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features]
