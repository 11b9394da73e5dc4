import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """VQ-VAE quantiser: squared distances to a codebook (|x|^2 - 2 x E^T + |E|^2), argmin, embedding
    lookup, commitment loss, straight-through output x + (q - x); returns (quantised, loss, codes)."""

    def __init__(self, codes, dim, beta):
        super().__init__()
        self.codebook = nn.Embedding(codes, dim)
        self.beta = beta

    def forward(self, z):  # [batch, seq, dim]
        flat = z.reshape(-1, z.shape[-1])
        d = flat.pow(2).sum(1, keepdim=True) - 2 * flat @ self.codebook.weight.t() + self.codebook.weight.pow(2).sum(1)
        idx = d.argmin(dim=1)
        q = self.codebook(idx).view_as(z)
        loss = F.mse_loss(q, z) * (1 + self.beta)
        return z + (q - z), loss, idx.view(z.shape[:-1])


batch = 8
seq = 256
dim = 64


def get_inputs():
    return [torch.randn(batch, seq, dim)]


def get_init_inputs():
    return [512, dim, 0.25]
