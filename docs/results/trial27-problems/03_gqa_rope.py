import math
import torch
import torch.nn as nn

# Grouped-query causal attention with rotary embedding (8 query heads share 2 KV heads), fp16, written out
# (torch < 2.0 has no scaled_dot_product_attention).
def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)

class Model(nn.Module):
    def __init__(self, seq, head_dim):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, head_dim, 2).float() / head_dim))
        t = torch.arange(seq).float()
        freqs = torch.outer(t, inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos().half())
        self.register_buffer("sin", emb.sin().half())

    def forward(self, q, k, v):
        B, HQ, S, D = q.shape
        HKV = k.shape[1]
        q = q * self.cos + rotate_half(q) * self.sin
        k = k * self.cos + rotate_half(k) * self.sin
        k = k.repeat_interleave(HQ // HKV, dim=1)
        v = v.repeat_interleave(HQ // HKV, dim=1)
        s = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(D)
        mask = torch.triu(torch.ones(S, S, dtype=torch.bool, device=q.device), 1)
        s = s.masked_fill(mask, float("-inf"))
        return torch.matmul(torch.softmax(s, dim=-1), v)

B, HQ, HKV, S, D = 2, 8, 2, 256, 64

def get_inputs():
    q = torch.randn(B, HQ, S, D, dtype=torch.float16)
    k = torch.randn(B, HKV, S, D, dtype=torch.float16)
    v = torch.randn(B, HKV, S, D, dtype=torch.float16)
    return [q, k, v]

def get_init_inputs():
    return [S, D]
