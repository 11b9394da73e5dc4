import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear, the result viewed [B, G, S, D], amax over the NON-contiguous dims (0, 2) -> [G, D], softmax over
    dim 0 (the group axis, strided), times a [G, 1] parameter."""

    def __init__(self, d_in, groups, sub, d):
        super().__init__()
        self.fc = nn.Linear(d_in, groups * sub * d)
        self.g, self.s, self.d = groups, sub, d
        self.w = nn.Parameter(torch.randn(groups, 1))

    def forward(self, x):
        y = self.fc(x).view(x.shape[0], self.g, self.s, self.d)
        m = torch.amax(y, dim=(0, 2))
        return torch.softmax(m, dim=0) * self.w


batch = 256
d_in = 512
groups = 16
sub = 8
d = 32


def get_inputs():
    return [torch.randn(batch, d_in)]


def get_init_inputs():
    return [d_in, groups, sub, d]
