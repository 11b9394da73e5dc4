# Chain-planner test problem (not KernelBench): unary ops that define values at the ends of their domain (probe17's
# v07 / v14 / v16 / v04 skeletons): erfinv (+-inf at +-1, NaN beyond), logit with and without eps (+-inf at 1 / 0),
# nan_to_num with every bound given, hardshrink of both signs. x and z hold +-1, 0, values beyond 1 and a NaN, at
# different places (nan_to_num's bounds replace erfinv(z)'s infinities where the rest is finite).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, z):
        p = x * 0.5 + 0.5
        a = torch.erfinv(x) * 0.5 + F.hardshrink(x, lambd=0.3) + torch.logit(p) * 0.25
        b = torch.nan_to_num(torch.erfinv(z), nan=7.0, posinf=3.0, neginf=-4.0) + torch.logit(p, eps=0.05)
        return a + b + F.hardshrink(x * 2.0)


batch = 4
width = 157


def get_inputs():
    x = torch.tanh(torch.randn(batch, width)) * 0.999
    z = torch.tanh(torch.randn(batch, width)) * 0.999
    x.view(-1)[:8] = torch.tensor([1.0, -1.0, 0.0, 0.75, -0.75, 0.9999, 1.5, float("nan")])
    z.view(-1)[:12] = torch.tensor([0.5, 0.5, 0.5, 1.0, -1.0, -1.25, 0.0, 0.5, 0.99999, float("nan"), 1.0, -1.0])
    return [x, z]


def get_init_inputs():
    return []
