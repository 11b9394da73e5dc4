# Chain-planner test problem (not KernelBench): new-user trial 26 #5's attention at small sizes, fp16: a causal triu
# mask OR a key-padding mask built from an int64 lengths input (arange(S) >= lengths[:, None]), one masked_fill(-inf),
# softmax, P V: one kwb_attention launch, the causal mask an index predicate, lengths[b] read per key tile (the
# [B, S] mask never built; session 38, operand38).
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, lengths):
        B, H, S, D = q.shape
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(D)
        causal = torch.ones(S, S, dtype=torch.bool, device=q.device).triu(1)
        pad = torch.arange(S, device=q.device)[None, :] >= lengths[:, None]  # (B, S)
        mask = causal[None, None] | pad[:, None, None, :]
        scores = scores.masked_fill(mask, float("-inf"))
        p = torch.softmax(scores, dim=-1)
        return torch.matmul(p, v)


B, H, S, D = 3, 2, 37, 16


def get_inputs():
    q = torch.randn(B, H, S, D, dtype=torch.float16)
    k = torch.randn(B, H, S, D, dtype=torch.float16)
    v = torch.randn(B, H, S, D, dtype=torch.float16)
    lengths = torch.randint(S // 2, S + 1, (B,))
    return [q, k, v, lengths]


def get_init_inputs():
    return []
