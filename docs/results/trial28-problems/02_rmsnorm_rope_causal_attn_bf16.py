# A decoder attention sub-block in bf16: RMSNorm -> fused QKV projection -> interleaved (GPT-J style)
# rotary embedding on q and k -> causal attention written out (no F.scaled_dot_product_attention in
# older torch) -> output projection -> residual.
import math
import torch
import torch.nn as nn

B, T, C, NH = 2, 256, 512, 8
HD = C // NH


class Model(nn.Module):
    def __init__(self, dim, n_heads, max_t):
        super().__init__()
        self.n_heads = n_heads
        self.weight = nn.Parameter(torch.ones(dim))
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.proj = nn.Linear(dim, dim, bias=False)
        hd = dim // n_heads
        inv = 1.0 / (10000 ** (torch.arange(0, hd, 2).float() / hd))
        ang = torch.arange(max_t).float()[:, None] * inv[None, :]  # [T, hd/2]
        self.register_buffer("cos", ang.cos())
        self.register_buffer("sin", ang.sin())
        self.register_buffer("mask", torch.tril(torch.ones(max_t, max_t, dtype=torch.bool)))
        self.to(torch.bfloat16)  # weights and the cos / sin tables in bf16, as the checkpoint is

    def rope(self, t):
        # t: [B, nh, T, hd]; rotate pairs (0,1), (2,3), ...
        T = t.shape[2]
        t2 = t.float().reshape(*t.shape[:-1], -1, 2)
        a, b = t2[..., 0], t2[..., 1]
        c, s = self.cos[:T], self.sin[:T]
        out = torch.stack((a * c - b * s, a * s + b * c), dim=-1)
        return out.flatten(-2).to(t.dtype)

    def forward(self, x):
        Bn, Tn, Cn = x.shape
        xf = x.float()
        h = (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype) * self.weight
        q, k, v = self.qkv(h).split(Cn, dim=-1)
        q = q.view(Bn, Tn, self.n_heads, -1).transpose(1, 2)
        k = k.view(Bn, Tn, self.n_heads, -1).transpose(1, 2)
        v = v.view(Bn, Tn, self.n_heads, -1).transpose(1, 2)
        q, k = self.rope(q), self.rope(k)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(q.shape[-1]))
        att = att.masked_fill(~self.mask[:Tn, :Tn], float("-inf"))
        att = torch.softmax(att.float(), dim=-1).to(x.dtype)
        y = (att @ v).transpose(1, 2).reshape(Bn, Tn, Cn)
        return x + self.proj(y)


def get_inputs():
    return [torch.randn(B, T, C, dtype=torch.bfloat16)]


def get_init_inputs():
    return [C, NH, T]
