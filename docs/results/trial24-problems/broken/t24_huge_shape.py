import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


N = 1 << 22
M = 1 << 22  # 16 Ti elements fp32: 64 TiB


def get_inputs():
    return [torch.randn(N, M)]


def get_init_inputs():
    return []
