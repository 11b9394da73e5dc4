import torch
import torch.nn as nn


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


class Model(nn.Module):
    """Rotary position embedding in the rotate_half form (GPT-NeoX / Llama): q * cos + rotate_half(q) * sin, the cat of
    a negated half and the other half read by one pointwise run."""

    def forward(self, q, cos, sin):
        return q * cos + rotate_half(q) * sin


batch_size = 2
heads = 3
seq_len = 5
head_dim = 8


def get_inputs():
    return [
        torch.randn(batch_size, heads, seq_len, head_dim),
        torch.randn(seq_len, head_dim),
        torch.randn(seq_len, head_dim),
    ]


def get_init_inputs():
    return []
