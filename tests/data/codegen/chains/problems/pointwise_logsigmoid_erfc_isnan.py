# Chain-planner test problem (not KernelBench): pointwise ops of probe17's v07 / v14 / v16 skeletons, all-pointwise
# (the elementwise template): logsigmoid's stable form at both tails (-x below -88 where exp(-x) overflows, -exp(-x)
# above 17 where log(1 + tiny) rounds to 0), erfc beyond 4 (where 1 - erf(x) is 0 in fp32) and below -4, isnan /
# isinf / isfinite / isposinf / isneginf of a tensor holding NaN and both infinities, each cast to float.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, z):
        a = F.logsigmoid(x) + torch.special.erfc(x * 0.25) * 3.0
        flags = torch.isnan(z).float() + torch.isinf(z).float() * 2.0 + torch.isposinf(z).float() * 4.0
        flags = flags + torch.isneginf(z).float() * 8.0 + torch.isfinite(z).float() * 16.0
        return a + flags + F.logsigmoid(-z.abs())


batch = 6
width = 203


def get_inputs():
    x = torch.randn(batch, width) * 30.0
    z = torch.randn(batch, width)
    x.view(-1)[:8] = torch.tensor([-200.0, -90.0, -20.0, 0.0, 17.5, 40.0, 90.0, float("nan")])
    z.view(-1)[:6] = torch.tensor([float("nan"), float("inf"), float("-inf"), 0.0, -0.0, 3.0])
    return [x, z]


def get_init_inputs():
    return []
