# Rotary position embedding in the [B, S, H, Dh] layout (unsqueeze over dim 2, as HF's apply_rotary_pos_emb with
# unsqueeze_dim=2) on bf16 q and k: fp32 cos / sin caches (non-persistent buffers [max_pos, Dh]) gathered by int64
# position_ids [B, S] and cast to the activations' dtype, rotate_half on a head dim of 64. Returns (q_rot, k_rot).
# Session 49 (rope49): the two gathers by one index and the two rotations in one launch each.
import torch
import torch.nn as nn

B, S, NH, DH, MAXPOS = 2, 40, 4, 64, 256


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
        cos = self.cos_cached[position_ids].unsqueeze(2).to(q.dtype)  # [B, S, 1, Dh]
        sin = self.sin_cached[position_ids].unsqueeze(2).to(q.dtype)
        q_embed = q * cos + rotate_half(q) * sin
        k_embed = k * cos + rotate_half(k) * sin
        return q_embed, k_embed


def get_inputs():
    pos = torch.randint(0, MAXPOS, (B, S), dtype=torch.int64)
    return [torch.randn(B, S, NH, DH).bfloat16(), torch.randn(B, S, NH, DH).bfloat16(), pos]


def get_init_inputs():
    return [DH, MAXPOS]
