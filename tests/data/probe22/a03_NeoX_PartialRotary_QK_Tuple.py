import torch
import torch.nn as nn


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


class Model(nn.Module):
    """GPT-NeoX partial rotary embedding: only the first rotary_dim of each head's 128 features rotate; cos / sin
    are built in forward from an inv_freq buffer and arange(seq); the rest passes through. Returns (q, k)."""

    def __init__(self, head_dim, rotary_pct, base):
        super().__init__()
        self.rotary_dim = int(head_dim * rotary_pct)
        inv_freq = 1.0 / (base ** (torch.arange(0, self.rotary_dim, 2).float() / self.rotary_dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, q, k):
        seq = q.shape[-2]
        t = torch.arange(seq, device=q.device, dtype=self.inv_freq.dtype)
        freqs = torch.einsum("i,j->ij", t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos = emb.cos()[None, None, :, :]
        sin = emb.sin()[None, None, :, :]
        q_rot, q_pass = q[..., : self.rotary_dim], q[..., self.rotary_dim :]
        k_rot, k_pass = k[..., : self.rotary_dim], k[..., self.rotary_dim :]
        q_emb = q_rot * cos + rotate_half(q_rot) * sin
        k_emb = k_rot * cos + rotate_half(k_rot) * sin
        return torch.cat((q_emb, q_pass), dim=-1), torch.cat((k_emb, k_pass), dim=-1)


batch = 4
heads = 16
seq = 1024
head_dim = 128


def get_inputs():
    return [torch.randn(batch, heads, seq, head_dim), torch.randn(batch, heads, seq, head_dim)]


def get_init_inputs():
    return [head_dim, 0.25, 10000]
