# Video ViT tubelet embedding (VideoMAE / ViViT): Conv3d with kernel = stride = (2, 16, 16) over [B, 3, T, H, W],
# flatten to tokens [B, N, D], LayerNorm, plus a learned position embedding.
import torch
import torch.nn as nn

B, T, H, W, D = 2, 16, 224, 224, 768
NTOK = (T // 2) * (H // 16) * (W // 16)


class Model(nn.Module):
    def __init__(self, d, ntok):
        super().__init__()
        self.proj = nn.Conv3d(3, d, kernel_size=(2, 16, 16), stride=(2, 16, 16))
        self.norm = nn.LayerNorm(d)
        self.pos = nn.Parameter(torch.randn(1, ntok, d) * 0.02)

    def forward(self, x):
        x = self.proj(x).flatten(2).transpose(1, 2)        # [B, N, D]
        return self.norm(x) + self.pos


def get_inputs():
    return [torch.randn(B, 3, T, H, W)]


def get_init_inputs():
    return [D, NTOK]
