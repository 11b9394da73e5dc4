import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Weight normalisation computed in forward() (what nn.utils.weight_norm does at each call) on a Conv2d:
    w = g * v / ||v|| over (in, kh, kw) per output channel, stride 2, bias, then SiLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.v = nn.Parameter(torch.randn(cout, cin, 3, 3) * 0.1)
        self.g = nn.Parameter(torch.rand(cout, 1, 1, 1) + 0.5)
        self.b = nn.Parameter(torch.randn(cout) * 0.1)

    def forward(self, x):
        w = self.g * self.v / torch.linalg.vector_norm(self.v, dim=(1, 2, 3), keepdim=True)
        return F.silu(F.conv2d(x, w, self.b, stride=2, padding=1))


batch = 2
cin = 24
cout = 40
height = 17
width = 15


def get_inputs():
    return [torch.randn(batch, cin, height, width)]


def get_init_inputs():
    return [cin, cout]
