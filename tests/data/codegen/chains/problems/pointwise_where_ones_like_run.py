# Chain-planner test problem (not KernelBench): ones_like / zeros_like of an intermediate of a pointwise run over a
# 3-D input, in both branches of wheres (probe17's v08b's class without a GEMM).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.tanh(x) * 2.0
        z = torch.where(y > 0.5, y, torch.ones_like(y) * 0.5)
        return torch.where(z < 1.5, torch.zeros_like(z) - 1.0 + z * 2.0, z + 0.5)


batch = 3
seq = 21
width = 35


def get_inputs():
    return [torch.randn(batch, seq, width)]


def get_init_inputs():
    return []
