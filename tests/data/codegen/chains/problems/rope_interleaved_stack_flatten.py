import torch
import torch.nn as nn


class Model(nn.Module):
    """Rotary position embedding in the interleaved (GPT-J) form on [B, T, H, D]: pairs (0, 1), (2, 3), ... rotated by
    cos / sin tables [T, D / 2] (buffers, sliced to T); the two rotated halves stacked along a new last dim and
    flattened back, so each pair is stored interleaved (one pointwise launch, not two halves and a cat)."""

    def __init__(self, head_dim, max_t):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, head_dim, 2).float() / head_dim))
        ang = torch.arange(max_t).float()[:, None] * inv[None, :]
        self.register_buffer("cos", ang.cos())
        self.register_buffer("sin", ang.sin())

    def forward(self, x):
        T = x.shape[1]
        x2 = x.reshape(*x.shape[:-1], -1, 2)
        a, b = x2[..., 0], x2[..., 1]
        c, s = self.cos[:T, None, :], self.sin[:T, None, :]
        return torch.stack((a * c - b * s, a * s + b * c), dim=-1).flatten(-2)


batch_size = 3
seq_len = 6
heads = 5
head_dim = 8
max_t = 64


def get_inputs():
    return [torch.randn(batch_size, seq_len, heads, head_dim)]


def get_init_inputs():
    return [head_dim, max_t]
