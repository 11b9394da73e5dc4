# Chain-planner test problem (not KernelBench): unary ops in a GEMM's epilogue (probe17's v07 / v16 skeletons): the
# square root of a Linear's output is NaN where it is negative and nan_to_num replaces it (continuous at 0, so a
# 16-bit GEMM's rounding moves no element across a jump), logit(sigmoid(y), eps) clamps before the log, erfinv of a
# tanh, hardshrink.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 72)

    def forward(self, x):
        y = self.fc(x)
        a = torch.nan_to_num(torch.sqrt(y), nan=0.0, neginf=-5.0) + torch.logit(torch.sigmoid(y), eps=1e-3)
        return a + torch.erfinv(torch.tanh(y) * 0.9) - F.hardshrink(y, lambd=0.2)


batch = 45


def get_inputs():
    return [torch.randn(batch, 64)]


def get_init_inputs():
    return []
