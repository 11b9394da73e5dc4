import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Bidirectional attention through F.scaled_dot_product_attention with a float additive mask input
    [B, 1, 1, S] (0 for tokens, -1e4 for padding, broadcast over heads and queries), fp16 q/k/v."""

    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, attn_mask):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)


batch = 4
heads = 12
seq = 197
head_dim = 64


def get_inputs():
    q = torch.randn(batch, heads, seq, head_dim, dtype=torch.float16)
    k = torch.randn(batch, heads, seq, head_dim, dtype=torch.float16)
    v = torch.randn(batch, heads, seq, head_dim, dtype=torch.float16)
    lengths = torch.randint(seq // 2, seq + 1, (batch,))
    pad = torch.arange(seq)[None, :] >= lengths[:, None]
    attn_mask = torch.zeros(batch, 1, 1, seq, dtype=torch.float16).masked_fill(pad[:, None, None, :], -1e4)
    return [q, k, v, attn_mask]


def get_init_inputs():
    return []
