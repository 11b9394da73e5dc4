# Kernel Workbench test problem (session 33, cute33a): attention under a boolean mask buffer (not built from
# constants: a random keep pattern, read as a mask tensor by kwb_attention), grouped-query attention (4 query heads
# over 2 KV heads, repeat_interleave), 21 queries over 21 keys: the CuTe DSL attention stage's mask and KV-head reads.
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n_ctx):
        super().__init__()
        g = torch.Generator().manual_seed(3)
        keep = torch.rand(n_ctx, n_ctx, generator=g) > 0.3
        keep |= torch.eye(n_ctx, dtype=torch.bool)  # every query keeps a key
        self.register_buffer("keep", keep)

    def forward(self, q, k, v):
        rep = q.shape[1] // k.shape[1]
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        s = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
        s = s.masked_fill(~self.keep, float("-inf"))
        return torch.softmax(s, dim=-1) @ v


batch_size = 2
n_q_heads = 4
n_kv_heads = 2
n_ctx = 21
head_dim = 8


def get_inputs():
    return [torch.randn(batch_size, n_q_heads, n_ctx, head_dim), torch.randn(batch_size, n_kv_heads, n_ctx, head_dim),
            torch.randn(batch_size, n_kv_heads, n_ctx, head_dim)]


def get_init_inputs():
    return [n_ctx]
