# Rotary position embedding as in HF Llama with explicit position_ids (e.g. packed / left-padded batches):
# cos/sin caches are buffers [max_pos, Dh]; they are gathered by an int64 position_ids input [B, S], unsqueezed over
# heads, and applied with rotate_half to q and k [B, H, S, Dh]. Returns (q_rot, k_rot).
import torch
import torch.nn as nn

B, NH, S, DH, MAXPOS = 2, 16, 512, 128, 4096


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


class Model(nn.Module):
    def __init__(self, dh, maxpos, base=10000.0):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, dh, 2).float() / dh))
        t = torch.arange(maxpos).float()
        freqs = torch.outer(t, inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, q, k, position_ids):
        cos = self.cos_cached[position_ids].unsqueeze(1)   # [B, 1, S, Dh]
        sin = self.sin_cached[position_ids].unsqueeze(1)
        q_embed = q * cos + rotate_half(q) * sin
        k_embed = k * cos + rotate_half(k) * sin
        return q_embed, k_embed


def get_inputs():
    pos = torch.randint(0, MAXPOS, (B, S), dtype=torch.int64)
    return [torch.randn(B, NH, S, DH), torch.randn(B, NH, S, DH), pos]


def get_init_inputs():
    return [DH, MAXPOS]
