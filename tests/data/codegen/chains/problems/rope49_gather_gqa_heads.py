# Rotary position embedding under grouped-query attention: q [B, 8, S, 64] and k [B, 2, S, 64] (fewer key heads) read
# one pair of cos / sin rows gathered from fp32 caches (non-persistent buffers) by int64 position_ids [B, S], over an
# odd sequence length. Returns (q_rot, k_rot). Session 49 (rope49): the two gathers by one index are one launch; the
# two rotations differ in shape and stay two.
import torch
import torch.nn as nn

B, NHQ, NHK, S, DH, MAXPOS = 2, 8, 2, 37, 64, 512


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


class Model(nn.Module):
    def __init__(self, dh, maxpos, base=10000.0):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, dh, 2).float() / dh))
        freqs = torch.outer(torch.arange(maxpos).float(), inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, q, k, position_ids):
        cos = self.cos_cached[position_ids].unsqueeze(1)  # [B, 1, S, Dh]
        sin = self.sin_cached[position_ids].unsqueeze(1)
        return q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin


def get_inputs():
    pos = torch.randint(0, MAXPOS, (B, S), dtype=torch.int64)
    return [torch.randn(B, NHQ, S, DH), torch.randn(B, NHK, S, DH), pos]


def get_init_inputs():
    return [DH, MAXPOS]
