import torch
import torch.nn as nn

# Issue 14 (session 40): a reduction, then a pointwise run at its result's shape that alone reads it (the max over the
# sequence, shifted, gated by a learned per-channel scale, plus a bias): the run is the reduction's epilogue, one
# launch; a second output reads a whole-tensor mean through a clamp (a reduction to a 0-d value and its epilogue).
class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gate = nn.Parameter(torch.randn(dim))
        self.bias = nn.Parameter(torch.randn(dim))

    def forward(self, x):  # [batch, seq, dim]
        m = x.amax(dim=1)
        y = torch.relu(m - 0.5) * torch.sigmoid(self.gate) + self.bias
        s = (x * x).mean().clamp(min=0.25).sqrt()
        return y, s


batch = 6
seq = 40
dim = 24


def get_inputs():
    return [torch.randn(batch, seq, dim)]


def get_init_inputs():
    return [dim]
