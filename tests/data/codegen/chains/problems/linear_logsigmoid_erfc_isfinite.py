# Chain-planner test problem (not KernelBench): probe17's v07 / v14 / v16 classes in a GEMM's epilogue: logsigmoid
# of a Linear's output (both signs, large magnitudes: the weights scaled up), erfc of it (large arguments: the tail
# that 1 - erf loses), torch.isfinite of log(y) (NaN where y < 0, -inf at 0: isfinite decomposes into
# (x == x) * (|x| != inf), a product of bools) and xlog1py of a relu (0 where the relu is 0).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 72)

    def forward(self, x):
        y = self.fc(x) * 8.0
        a = F.logsigmoid(y) + torch.special.erfc(y * 0.5)
        b = torch.isfinite(torch.log(y)).float() + torch.special.xlog1py(F.relu(y), y.abs())
        return a + b * 0.5


batch = 45


def get_inputs():
    return [torch.randn(batch, 64)]


def get_init_inputs():
    return []
