import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """An unpadded 4x4 and 5x5 conv on a 28x28 map, gated by the spatial mean of a second, larger map: a
    second member of probe22's a04 class (a derived case that shrinks H and W below the windows: meta tensors give
    an empty output where a real device raises)."""

    def __init__(self, cin, cout, cctx):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 4)
        self.c2 = nn.Conv2d(cout, cout, 5)
        self.gate = nn.Linear(cctx, cout)

    def forward(self, x, ctx):
        g = torch.sigmoid(self.gate(ctx.mean(dim=(2, 3))))[:, :, None, None]
        return F.relu(self.c2(F.relu(self.c1(x)))) * g


def get_inputs():
    return [torch.randn(4, 256, 28, 28), torch.randn(4, 128, 64, 64)]


def get_init_inputs():
    return [256, 128, 128]
