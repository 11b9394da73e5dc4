import torch
import torch.nn as nn


class Model(nn.Module):
    """View-op zoo then diagonals: bmm of x with its transpose, torch.diagonal over the last two dims
    (the squared row norms), movedim, unflatten, tensor_split into 3 unequal parts along the last dim,
    a different reduction per part; returns their concatenation."""

    def forward(self, x):  # [batch, n, d]
        g = x @ x.transpose(1, 2)                              # [batch, n, n]
        diag = torch.diagonal(g, dim1=1, dim2=2)               # [batch, n]
        tr = g.diagonal(offset=1, dim1=-2, dim2=-1).sum(-1, keepdim=True)
        y = torch.movedim(x, 2, 0).unflatten(0, (4, -1))       # [4, d/4, batch, n]
        p0, p1, p2 = torch.tensor_split(y, (3, 10), dim=-1)
        return torch.cat([diag.sqrt(), tr, p0.amax(dim=(0, 1)), p1.mean(dim=(0, 1)), p2.sum(dim=(0, 1))], dim=-1)


batch = 16
n = 24
d = 32


def get_inputs():
    return [torch.randn(batch, n, d)]


def get_init_inputs():
    return []
