import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A masked, scaled weight computed in forward() on a ConvTranspose2d (a pruning mask buffer times the weight
    times a per-output-channel scale; the transposed weight is [in, out, kh, kw]), stride 2, then ReLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cin, cout, 4, 4) * 0.1)
        self.scale = nn.Parameter(torch.rand(1, cout, 1, 1) + 0.5)
        self.register_buffer("mask", (torch.rand(cin, cout, 4, 4) > 0.3).float())

    def forward(self, x):
        w = self.weight * self.mask * self.scale
        return F.relu(F.conv_transpose2d(x, w, None, stride=2, padding=1))


batch = 2
cin = 32
cout = 24
height = 7
width = 9


def get_inputs():
    return [torch.randn(batch, cin, height, width)]


def get_init_inputs():
    return [cin, cout]
