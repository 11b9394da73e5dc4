# Chain-planner test problem (not KernelBench): probe17's v34 class. torch.renorm traced as its parts (a p-norm of
# each slice along dim over the other dims, kept; maxnorm / (norm + 1e-7) where it exceeds maxnorm, else 1; the
# input times that): p = 1 along the middle dim of a 3-D tensor (the norm over dims 0 and 2, not one row), p = 3
# along the last dim (negative dim). maxnorm sits inside the slices' spread, so some are scaled and some kept.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = torch.renorm(x, p=1, dim=1, maxnorm=35.0)
        b = x.renorm(3, -1, 2.5)
        return a + b * 0.5


batch = 5
channels = 12
length = 19


def get_inputs():
    x = torch.randn(batch, channels, length)
    x[:, ::3] *= 0.2  # every third channel's p = 1 norm below maxnorm
    x[..., ::4] *= 0.3  # every fourth position's p = 3 norm below its maxnorm
    return [x]


def get_init_inputs():
    return []
