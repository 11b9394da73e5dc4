import torch
import torch.nn as nn


class Model(nn.Module):
    """Small inputs but a 2^18 x 2^18 Linear weight (256 GiB in fp32): the PARAMETERS do not fit an H200. The tool
    must refuse clearly and in bounded time (and must not try to allocate it on the host)."""

    def __init__(self, n):
        super().__init__()
        self.fc = nn.Linear(n, n)

    def forward(self, x):
        return torch.relu(self.fc(x))


n = 1 << 18


def get_inputs():
    return [torch.randn(8, n)]


def get_init_inputs():
    return [n]
