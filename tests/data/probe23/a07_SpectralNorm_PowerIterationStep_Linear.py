import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One power-iteration step of spectral normalisation in forward (u a buffer, not updated here):
    v = normalize(W^T u), u' = normalize(W v), sigma = u' . (W v); y = x (W / sigma)^T + b, LeakyReLU(0.2)."""

    def __init__(self, fin, fout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fout, fin) / fin ** 0.5)
        self.bias = nn.Parameter(torch.zeros(fout))
        self.register_buffer("u", F.normalize(torch.randn(fout), dim=0))

    def forward(self, x):
        v = F.normalize(torch.mv(self.weight.t(), self.u), dim=0, eps=1e-12)
        wv = torch.mv(self.weight, v)
        u = F.normalize(wv, dim=0, eps=1e-12)
        sigma = torch.dot(u, wv)
        return F.leaky_relu(F.linear(x, self.weight / sigma, self.bias), 0.2)


batch = 256
fin = 384
fout = 320


def get_inputs():
    return [torch.randn(batch, fin)]


def get_init_inputs():
    return [fin, fout]
