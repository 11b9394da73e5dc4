import torch
import torch.nn as nn


class Model(nn.Module):
    """nn.MultiheadAttention (batch_first) self-attention with a bool key_padding_mask input (True = pad),
    returning only the attended output (no weights)."""

    def __init__(self, embed_dim, num_heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(embed_dim, num_heads, batch_first=True)

    def forward(self, x, key_padding_mask):
        out, _ = self.attn(x, x, x, key_padding_mask=key_padding_mask, need_weights=False)
        return out


batch = 8
seq = 96
embed_dim = 256
num_heads = 8


def get_inputs():
    x = torch.randn(batch, seq, embed_dim)
    lengths = torch.randint(seq // 2, seq + 1, (batch,))
    key_padding_mask = torch.arange(seq)[None, :] >= lengths[:, None]
    return [x, key_padding_mask]


def get_init_inputs():
    return [embed_dim, num_heads]
