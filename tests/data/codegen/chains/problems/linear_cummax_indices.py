# Chain-planner test problem (not KernelBench): probe17's v15 class after a GEMM: the running max of a Linear's
# output along its features and its int64 indices, both read by the pointwise run after it, beside cummin's values.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 72)

    def forward(self, x):
        y = self.fc(x)
        v, i = torch.cummax(y, dim=1)
        return v + i.to(y.dtype) * 0.01 - torch.cummin(y, dim=1).values


batch = 45


def get_inputs():
    return [torch.randn(batch, 64)]


def get_init_inputs():
    return []
