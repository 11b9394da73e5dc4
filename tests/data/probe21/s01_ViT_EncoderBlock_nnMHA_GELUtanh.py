import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ViT encoder block (timm style): pre-LayerNorm, nn.MultiheadAttention (batch_first, no weights returned),
    residual; pre-LayerNorm MLP (Linear 4x, GELU tanh, Linear), residual."""

    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        h = self.norm1(x)
        a, _ = self.attn(h, h, h, need_weights=False)
        x = x + a
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x)), approximate="tanh"))


batch = 4
seq = 197
dim = 192
heads = 3


def get_inputs():
    return [torch.randn(batch, seq, dim)]


def get_init_inputs():
    return [dim, heads]
