# An RMS norm written out over the last dim, then a gain computed from a parameter and viewed to [1, 1, D] (the view
# of a run's value ends that run) and a bias: the normalised value is a piece of the run `h * g + b`, so the row pass
# takes that run's piecewise form as its post (fuseRows' pieceReader, session 44).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(256) * 0.1)
        self.b = nn.Parameter(torch.randn(256) * 0.1)

    def forward(self, x):
        h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
        g = (1 + self.w).view(1, 1, -1)
        return h * g + self.b


def get_inputs():
    return [torch.randn(6, 40, 256)]


def get_init_inputs():
    return []
