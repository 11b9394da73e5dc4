# Chain-planner test problem (not KernelBench): a where whose branch is a factory of the shape of a value the same
# pointwise run computes (probe17's v08b, where(y > 0, y, zeros_like(y) - 2): the factory read that value before it
# existed, and the plan had no reason). The branches meet where the condition flips, so a 16-bit GEMM's rounding
# moves no element across a jump.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(40, 56)

    def forward(self, x):
        y = torch.clamp(self.fc(x), max=0.5)
        z = torch.where(y > 0, y, torch.zeros_like(y) + y * 0.1)
        return torch.where(z < 0.25, z, torch.full_like(z, 0.5) - torch.ones_like(z) * 0.25)


batch = 29


def get_inputs():
    return [torch.randn(batch, 40)]


def get_init_inputs():
    return []
