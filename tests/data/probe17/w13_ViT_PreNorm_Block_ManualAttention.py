import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Pre-norm ViT encoder block with a hand-written attention: LayerNorm, fused qkv Linear (no bias), reshape to
    heads, softmax(q k^T * d^-0.5) v, output projection, residual; LayerNorm, MLP with exact GELU, residual."""

    def __init__(self, dim, heads, mlp_ratio):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.proj = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, mlp_ratio * dim)
        self.fc2 = nn.Linear(mlp_ratio * dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        hd = C // self.heads
        qkv = self.qkv(self.norm1(x)).reshape(B, N, 3, self.heads, hd).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q @ k.transpose(-2, -1)) * (hd ** -0.5)
        attn = attn.softmax(dim=-1)
        o = (attn @ v).transpose(1, 2).reshape(B, N, C)
        x = x + self.proj(o)
        x = x + self.fc2(F.gelu(self.fc1(self.norm2(x))))
        return x


batch = 16
tokens = 197
dim = 384
heads = 6


def get_inputs():
    return [torch.randn(batch, tokens, dim)]


def get_init_inputs():
    return [dim, heads, 4]
