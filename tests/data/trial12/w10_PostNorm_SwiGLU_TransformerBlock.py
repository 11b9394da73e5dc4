import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A post-norm transformer block: fused QKV projection, multi-head attention written out as matmul /
    softmax / matmul (no mask), output projection, residual, LayerNorm, then a SwiGLU MLP
    (silu(x W1) * (x W3)) W2, residual, LayerNorm."""

    def __init__(self, d_model, n_heads, d_ff):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.ln1 = nn.LayerNorm(d_model)
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)
        self.ln2 = nn.LayerNorm(d_model)

    def forward(self, x):
        B, T, C = x.shape
        h = self.n_heads
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, T, h, C // h).transpose(1, 2)
        k = k.view(B, T, h, C // h).transpose(1, 2)
        v = v.view(B, T, h, C // h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (C // h) ** 0.5)
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        x = self.ln1(x + self.proj(y))
        m = self.w2(F.silu(self.w1(x)) * self.w3(x))
        return self.ln2(x + m)


batch_size = 8
seq_len = 256
d_model = 384
n_heads = 6
d_ff = 1024


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model)]


def get_init_inputs():
    return [d_model, n_heads, d_ff]
