import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Swin window attention on an image: partition into 7x7 windows (view / permute), qkv Linear, scaled
    q @ k^T plus a relative position bias gathered from a learned table by a registered
    relative_position_index buffer, softmax, @ v, proj, reverse the windows."""

    def __init__(self, dim, heads, window):
        super().__init__()
        self.dim = dim
        self.heads = heads
        self.window = window
        self.scale = (dim // heads) ** -0.5
        self.table = nn.Parameter(0.02 * torch.randn((2 * window - 1) * (2 * window - 1), heads))
        coords = torch.stack(torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij"))
        flat = torch.flatten(coords, 1)
        rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += window - 1
        rel[:, :, 1] += window - 1
        rel[:, :, 0] *= 2 * window - 1
        self.register_buffer("relative_position_index", rel.sum(-1))
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, H, W, C = x.shape
        w = self.window
        xw = x.view(B, H // w, w, W // w, w, C).permute(0, 1, 3, 2, 4, 5).reshape(-1, w * w, C)
        Bw, N, _ = xw.shape
        qkv = self.qkv(xw).reshape(Bw, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q * self.scale) @ k.transpose(-2, -1)
        bias = self.table[self.relative_position_index.view(-1)].view(N, N, -1).permute(2, 0, 1)
        attn = F.softmax(attn + bias.unsqueeze(0), dim=-1)
        y = (attn @ v).transpose(1, 2).reshape(Bw, N, C)
        y = self.proj(y)
        return y.view(B, H // w, W // w, w, w, C).permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)


batch = 2
height = 56
width = 56
dim = 96
heads = 3
window = 7


def get_inputs():
    return [torch.randn(batch, height, width, dim)]


def get_init_inputs():
    return [dim, heads, window]
