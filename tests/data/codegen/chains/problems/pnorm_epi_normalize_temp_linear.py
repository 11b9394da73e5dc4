# Cosine features with a learned temperature before a projection: F.normalize's quotient read by one pointwise run
# (exp(s) * q) that the GEMM takes as its prologue; the norm's clamp_min(eps) is the norm launch's epilogue.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = nn.Parameter(torch.tensor(1.3))
        self.w = nn.Parameter(torch.randn(96, 256) * 0.05)

    def forward(self, x):
        return (self.s.exp() * F.normalize(x, dim=-1)) @ self.w.t()


def get_inputs():
    return [torch.randn(384, 256)]


def get_init_inputs():
    return []
