import torch
import torch.nn as nn


class Model(nn.Module):
    """ViT patch embedding: 16x16 stride-16 conv, flatten to tokens, prepend a class token,
    add learned position embeddings, LayerNorm."""

    def __init__(self, in_ch, dim, img, patch):
        super().__init__()
        self.proj = nn.Conv2d(in_ch, dim, kernel_size=patch, stride=patch)
        n = (img // patch) ** 2
        self.cls = nn.Parameter(torch.randn(1, 1, dim) * 0.02)
        self.pos = nn.Parameter(torch.randn(1, n + 1, dim) * 0.02)
        self.norm = nn.LayerNorm(dim, eps=1e-6)

    def forward(self, x):
        x = self.proj(x)                      # [B, D, H/p, W/p]
        x = x.flatten(2).transpose(1, 2)      # [B, N, D]
        cls = self.cls.expand(x.shape[0], -1, -1)
        x = torch.cat([cls, x], dim=1) + self.pos
        return self.norm(x)


batch = 16
in_ch = 3
dim = 384
img = 224
patch = 16


def get_inputs():
    return [torch.randn(batch, in_ch, img, img)]


def get_init_inputs():
    return [in_ch, dim, img, patch]
