# Chain-planner test problem (not KernelBench): new-user trial 25 #8's attention, a causal triu mask and a BERT
# key-padding mask given as a bool input [B, S] (True = keep), both masked_fill(-inf) before the softmax: one
# kwb_attention launch, the causal mask an index predicate, the padding mask read per key tile (session 37, attn37).
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, key_keep):
        d = q.shape[-1]
        s = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
        S = q.shape[-2]
        causal = torch.triu(torch.ones(S, S, dtype=torch.bool, device=q.device), diagonal=1)
        s = s.masked_fill(causal, float("-inf"))
        s = s.masked_fill(~key_keep[:, None, None, :], float("-inf"))
        p = torch.softmax(s, dim=-1)
        return torch.matmul(p, v)


B, H, S, D = 2, 3, 37, 16


def get_inputs():
    keep = torch.ones(B, S, dtype=torch.bool)
    keep[:, -5:] = False
    return [torch.randn(B, H, S, D), torch.randn(B, H, S, D), torch.randn(B, H, S, D), keep]


def get_init_inputs():
    return []
