import torch
import torch.nn as nn


class Model(nn.Module):
    """Broadcast over leading dims: a [A, 1, C] parameter plus Linear(x) [B, C] -> [A, B, C], logsumexp over dim 0
    (the broadcast axis, outermost), GELU."""

    def __init__(self, d_in, c, a):
        super().__init__()
        self.fc = nn.Linear(d_in, c)
        self.p = nn.Parameter(torch.randn(a, 1, c))

    def forward(self, x):
        y = self.p + self.fc(x)
        return nn.functional.gelu(torch.logsumexp(y, dim=0))


batch = 512
d_in = 256
c = 384
a = 12


def get_inputs():
    return [torch.randn(batch, d_in)]


def get_init_inputs():
    return [d_in, c, a]
