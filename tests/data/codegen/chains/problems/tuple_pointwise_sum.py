import torch
import torch.nn as nn

# Issue 14 (session 31): forward() returns a tuple -- an activation and its sum over a dim, where the activation is
# the middle of a pointwise run (y = relu(x * s) is returned, z = y * 2 + 1 read by the sum): the run is cut at y.
class Model(nn.Module):
    """Returns (relu(x * s), (relu(x * s) * 2 + 1).sum(1), and x unchanged)."""
    def __init__(self, c):
        super().__init__()
        self.s = nn.Parameter(torch.randn(1, c, 1) * 0.5 + 1.0)

    def forward(self, x):
        y = torch.relu(x * self.s)
        return y, (y * 2.0 + 1.0).sum(dim=1), x


batch = 16
c = 64
n = 200


def get_inputs():
    return [torch.randn(batch, c, n)]


def get_init_inputs():
    return [c]
