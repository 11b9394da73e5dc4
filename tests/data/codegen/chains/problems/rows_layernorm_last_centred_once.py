# Chain-planner test problem (not KernelBench): statistics written by hand, then an apply (issue 14, session 40).
import torch
import torch.nn as nn


class Model(nn.Module):
    """A layer norm over the last dim written out with the centred value named once (d = x - mean, read by the
    variance's square and by the apply): the planner computes d in each reader instead of storing it, so the two
    statistics and the affine apply are one kwb_rows launch (norm40's class member beside ConvNeXt's, whose x - u is
    written twice)."""

    def __init__(self, features, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(features) + 0.1 * torch.randn(features))
        self.bias = nn.Parameter(0.1 * torch.randn(features))
        self.eps = eps

    def forward(self, x):
        mu = x.mean(-1, keepdim=True)
        d = x - mu
        var = (d * d).mean(-1, keepdim=True)
        return d * torch.rsqrt(var + self.eps) * self.weight + self.bias


batch = 6
seq = 10
features = 48


def get_inputs():
    return [torch.randn(batch, seq, features)]


def get_init_inputs():
    return [features]
