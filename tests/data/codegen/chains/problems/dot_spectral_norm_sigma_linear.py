import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Spectral normalisation's power-iteration step in forward (probe23 a07 at test sizes): v = normalize(W^T u),
    u' = normalize(W v), sigma = torch.dot(u', W v); y = leaky_relu(x (W / sigma)^T + b)."""

    def __init__(self, fin, fout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fout, fin) / fin ** 0.5)
        self.bias = nn.Parameter(torch.randn(fout) * 0.1)
        self.register_buffer("u", F.normalize(torch.randn(fout), dim=0))

    def forward(self, x):
        v = F.normalize(torch.mv(self.weight.t(), self.u), dim=0, eps=1e-12)
        wv = torch.mv(self.weight, v)
        u = F.normalize(wv, dim=0, eps=1e-12)
        sigma = torch.dot(u, wv)
        return F.leaky_relu(F.linear(x, self.weight / sigma, self.bias), 0.2)


batch = 24
fin = 40
fout = 36


def get_inputs():
    return [torch.randn(batch, fin)]


def get_init_inputs():
    return [fin, fout]
