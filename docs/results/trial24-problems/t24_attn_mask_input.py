import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """Attention with a padding mask passed as an input (True = keep)."""

    def __init__(self, head_dim):
        super().__init__()
        self.scale = 1.0 / math.sqrt(head_dim)

    def forward(self, q, k, v, mask):
        s = torch.matmul(q, k.transpose(-2, -1)) * self.scale
        s = s.masked_fill(~mask, float("-inf"))
        p = torch.softmax(s, dim=-1)
        return torch.matmul(p, v)


B, Hh, S, D = 4, 8, 256, 64


def get_inputs():
    q = torch.randn(B, Hh, S, D)
    k = torch.randn(B, Hh, S, D)
    v = torch.randn(B, Hh, S, D)
    lengths = torch.randint(S // 2, S + 1, (B,))
    mask = (torch.arange(S)[None, :] < lengths[:, None])[:, None, None, :].expand(B, Hh, S, S)
    return [q, k, v, mask]


def get_init_inputs():
    return [D]
