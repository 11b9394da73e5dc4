import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """BiT's weight-standardised conv: the conv weight is standardised per output channel in forward
    (mean / biased var over (in, kh, kw), eps 1e-10), then conv2d, GroupNorm(32), ReLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cout, cin, 3, 3) * 0.1 + 0.05)
        self.gn = nn.GroupNorm(32, cout)

    def forward(self, x):
        w = self.weight
        m = w.mean(dim=(1, 2, 3), keepdim=True)
        v = w.var(dim=(1, 2, 3), keepdim=True, unbiased=False)
        w = (w - m) / torch.sqrt(v + 1e-10)
        return F.relu(self.gn(F.conv2d(x, w, None, stride=1, padding=1)))


batch = 4
cin = 64
cout = 64
height = 28
width = 28


def get_inputs():
    return [torch.randn(batch, cin, height, width)]


def get_init_inputs():
    return [cin, cout]
