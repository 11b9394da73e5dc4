import torch
import torch.nn as nn


class Model(nn.Module):
    """Pre-LN transformer encoder block using nn.MultiheadAttention with a key padding mask."""

    def __init__(self, d_model, n_heads, d_ff):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = nn.MultiheadAttention(d_model, n_heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.GELU(approximate="tanh"), nn.Linear(d_ff, d_model))

    def forward(self, x, pad_mask):
        h = self.ln1(x)
        a, _ = self.attn(h, h, h, key_padding_mask=pad_mask, need_weights=False)
        x = x + a
        return x + self.ff(self.ln2(x))


batch, seq, d_model, n_heads, d_ff = 2, 40, 96, 4, 256


def get_inputs():
    x = torch.randn(batch, seq, d_model)
    pad = torch.zeros(batch, seq, dtype=torch.bool)
    pad[1, 30:] = True
    return [x, pad]


def get_init_inputs():
    return [d_model, n_heads, d_ff]
