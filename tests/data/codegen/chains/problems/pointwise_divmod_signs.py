# Chain-planner test problem (not KernelBench): torch's integer-division family on floats of both signs (probe17's
# v01 / v03 skeletons): remainder has the divisor's sign, fmod the dividend's, floor_divide and // floor, and
# div(rounding_mode="trunc") truncates. y holds zeros (fmod / remainder NaN there, floor_divide +-inf) and x an inf
# and a NaN; the other elements are random of both signs, the sizes not multiples of a tile.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a = torch.remainder(x, y) + torch.fmod(x, 0.45) * 2.0
        b = torch.floor_divide(x, 1.5) + (x // -0.75) * 0.5 - torch.div(x, y, rounding_mode="trunc") * 0.25
        return a + torch.fmod(x, y) - torch.remainder(x * 3.0, -0.7) + b * 0.125 + torch.div(x, y, rounding_mode="floor")


batch = 6
width = 133


def get_inputs():
    x = torch.randn(batch, width) * 4.0
    y = torch.randn(batch, width)
    x.view(-1)[:3] = torch.tensor([float("inf"), float("nan"), -0.0])
    y.view(-1)[-2:] = 0.0
    return [x, y]


def get_init_inputs():
    return []
