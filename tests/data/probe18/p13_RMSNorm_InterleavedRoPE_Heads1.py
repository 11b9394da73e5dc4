import torch
import torch.nn as nn


class Model(nn.Module):
    """RMSNorm over the head dim (learned weight), then GPT-J style interleaved rotary embedding (pairs
    (2i, 2i+1) rotate). x is [batch, heads, seq, head_dim] with one head (a size-1 middle dim)."""

    def __init__(self, head_dim, max_seq, eps):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(head_dim))
        self.eps = eps
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2).float() / head_dim))
        t = torch.arange(max_seq).float()
        freqs = torch.outer(t, inv_freq)
        self.register_buffer("cos", freqs.cos())
        self.register_buffer("sin", freqs.sin())

    def forward(self, x):
        s = x.shape[2]
        y = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps) * self.weight
        y1 = y[..., 0::2]
        y2 = y[..., 1::2]
        cos = self.cos[:s]
        sin = self.sin[:s]
        r1 = y1 * cos - y2 * sin
        r2 = y1 * sin + y2 * cos
        return torch.stack((r1, r2), dim=-1).flatten(-2)


batch = 16
heads = 1
seq = 256
head_dim = 64
max_seq = 512


def get_inputs():
    return [torch.randn(batch, heads, seq, head_dim)]


def get_init_inputs():
    return [head_dim, max_seq, 1e-6]
