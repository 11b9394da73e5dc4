import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """Local (sliding-window, causal) attention as Mistral / Longformer-style code writes it without a
    fused kernel: an ALiBi bias -slope_h * (i - j) built from arange, a band mask (0 <= i - j < window)
    applied with masked_fill, softmax, @ v."""

    def __init__(self, heads, window):
        super().__init__()
        self.window = window
        start = 2.0 ** (-8.0 / heads)
        self.register_buffer("slopes", torch.tensor([start ** (h + 1) for h in range(heads)]).view(heads, 1, 1))

    def forward(self, q, k, v):  # [batch, heads, seq, head_dim]
        L = q.shape[2]
        pos = torch.arange(L, device=q.device)
        dist = pos.view(L, 1) - pos.view(1, L)                      # i - j
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        scores = scores - self.slopes * dist.to(q.dtype)
        band = (dist < 0) | (dist >= self.window)
        scores = scores.masked_fill(band, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


batch = 2
heads = 8
seq = 256
head_dim = 64


def get_inputs():
    return [torch.randn(batch, heads, seq, head_dim) for _ in range(3)]


def get_init_inputs():
    return [heads, 32]
