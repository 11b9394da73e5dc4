import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """New-user trial 20 #4: sliding-window causal attention with grouped KV heads (GQA), the band written
    i - j < window (an integer subtraction of two aranges, no lowering): the skeleton names aten::sub, not j <= i
    or the scale."""

    def __init__(self, n_heads, n_kv_heads, window):
        super().__init__()
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.window = window

    def forward(self, q, k, v):
        rep = self.n_heads // self.n_kv_heads
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        s = q.shape[-2]
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
        i = torch.arange(s, device=q.device)[:, None]
        j = torch.arange(s, device=q.device)[None, :]
        allowed = (j <= i) & (i - j < self.window)
        scores = scores.masked_fill(~allowed, float("-inf"))
        p = torch.softmax(scores, dim=-1)
        return torch.matmul(p, v)


batch, n_heads, n_kv_heads, seq, head_dim, window = 2, 8, 2, 200, 64, 48


def get_inputs():
    q = torch.randn(batch, n_heads, seq, head_dim)
    k = torch.randn(batch, n_kv_heads, seq, head_dim)
    v = torch.randn(batch, n_kv_heads, seq, head_dim)
    return [q, k, v]


def get_init_inputs():
    return [n_heads, n_kv_heads, window]
