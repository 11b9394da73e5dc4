# Chain-planner test problem (not KernelBench): the int64 indices of max(dim) read as values by float arithmetic
# (probe17's v09: refused, an integer tensor was read only as a count). A selection's index is below the dim's size,
# exact in fp32.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(32, 96)

    def forward(self, x):
        y = self.fc(x)
        v, i = torch.max(y, dim=1, keepdim=True)
        return y - v + i.float() / 96.0


batch = 23


def get_inputs():
    return [torch.randn(batch, 32)]


def get_init_inputs():
    return []
