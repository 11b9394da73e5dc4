import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotary(x, cos, sin):
    # interleaved (GPT-J) rotary: rotate the (even, odd) pairs of the head dim
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    out_even = x_even * cos - x_odd * sin
    out_odd = x_even * sin + x_odd * cos
    return torch.stack((out_even, out_odd), dim=-1).flatten(-2)


class Model(nn.Module):
    """Pre-norm decoder block: RMSNorm -> fused QKV -> rotary embedding (sin/cos computed in forward, even/odd
    halves) -> causal attention -> out proj -> residual; RMSNorm -> SwiGLU MLP -> residual."""

    def __init__(self, d_model, n_heads, d_hidden):
        super().__init__()
        self.n_heads = n_heads
        self.norm1 = RMSNorm(d_model)
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.proj = nn.Linear(d_model, d_model, bias=False)
        self.norm2 = RMSNorm(d_model)
        self.w1 = nn.Linear(d_model, d_hidden, bias=False)
        self.w3 = nn.Linear(d_model, d_hidden, bias=False)
        self.w2 = nn.Linear(d_hidden, d_model, bias=False)

    def forward(self, x):
        B, T, C = x.shape
        hd = C // self.n_heads
        q, k, v = self.qkv(self.norm1(x)).split(C, dim=2)
        q = q.view(B, T, self.n_heads, hd).transpose(1, 2)
        k = k.view(B, T, self.n_heads, hd).transpose(1, 2)
        v = v.view(B, T, self.n_heads, hd).transpose(1, 2)
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, device=x.device, dtype=torch.float32) / hd))
        angles = torch.arange(T, device=x.device, dtype=torch.float32).unsqueeze(1) * inv_freq.unsqueeze(0)
        cos, sin = angles.cos(), angles.sin()
        q = rotary(q, cos, sin)
        k = rotary(k, cos, sin)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(hd)
        causal = torch.ones(T, T, device=x.device, dtype=torch.bool).tril()
        att = att.masked_fill(~causal, float("-inf")).softmax(dim=-1)
        y = (att @ v).transpose(1, 2).reshape(B, T, C)
        x = x + self.proj(y)
        h = self.norm2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


batch_size = 4
seq_len = 512
d_model = 768
n_heads = 12
d_hidden = 2048


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model)]


def get_init_inputs():
    return [d_model, n_heads, d_hidden]
