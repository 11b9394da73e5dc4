import torch
import torch.nn as nn

# Issue 14 (session 31): forward() returns a tuple -- a layer norm written out by hand that also returns the row
# means it computed. The mean is both an output and an operand of the normalisation: it must be stored, and no
# launch may fuse it away.
class Model(nn.Module):
    """Layer norm over the last dim by hand; returns (normalized * gain + shift, mean over the last dim)."""
    def __init__(self, d, eps):
        super().__init__()
        self.gain = nn.Parameter(torch.randn(d) * 0.5 + 1.0)
        self.shift = nn.Parameter(torch.randn(d) * 0.1)
        self.eps = eps

    def forward(self, x):
        mean = x.mean(dim=-1, keepdim=True)
        var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
        y = (x - mean) * torch.rsqrt(var + self.eps) * self.gain + self.shift
        return y, mean.squeeze(-1)


batch = 8
seq = 128
d = 384
eps = 1e-5


def get_inputs():
    return [torch.randn(batch, seq, d) * 2.0 + 0.5]


def get_init_inputs():
    return [d, eps]
