# Chain-planner test problem (not KernelBench): atan2 and logaddexp over all four quadrants, signed zeros and
# infinities (atan2(-0, -1) = -pi, atan2(inf, -inf) = 3 pi / 4, logaddexp(-inf, -inf) = -inf), NaN passing through;
# probe17's v06 / v36 skeletons, elementwise alone.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y, x):
        return torch.atan2(y, x) * 2.0 - torch.logaddexp(y, x * 0.5)


batch = 5
width = 141


def get_inputs():
    inf, nan = float("inf"), float("nan")
    y = torch.randn(batch, width) * 3.0
    x = torch.randn(batch, width) * 3.0
    y.view(-1)[:9] = torch.tensor([0.0, -0.0, -0.0, 0.0, inf, -inf, -inf, nan, 2.0])
    x.view(-1)[:9] = torch.tensor([-0.0, -1.0, 0.0, -2.0, -inf, inf, -inf, 1.0, nan])
    return [y, x]


def get_init_inputs():
    return []
