# Chain-planner test problem (not KernelBench): new-user trial 13's x05 at reduced sizes: grouped-query attention
# written by hand under a causal sliding-window mask from two aranges, (j <= i) & (j > i - window), the softmax
# over scores.float() cast back with .to(q.dtype). One kwb_attention launch, the band as an index predicate.
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, q, k, v):
        n_rep = q.shape[1] // k.shape[1]
        k = k.repeat_interleave(n_rep, dim=1)
        v = v.repeat_interleave(n_rep, dim=1)
        L = q.shape[2]
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
        i = torch.arange(L, device=q.device).unsqueeze(1)
        j = torch.arange(L, device=q.device).unsqueeze(0)
        allowed = (j <= i) & (j > i - self.window)
        scores = scores.masked_fill(~allowed, float("-inf"))
        attn = torch.softmax(scores.float(), dim=-1).to(q.dtype)
        return torch.matmul(attn, v)


batch_size = 3
n_q = 8
n_kv = 2
seq_len = 40
head_dim = 16
window = 7


def get_inputs():
    return [torch.randn(batch_size, n_q, seq_len, head_dim), torch.randn(batch_size, n_kv, seq_len, head_dim),
            torch.randn(batch_size, n_kv, seq_len, head_dim)]


def get_init_inputs():
    return [window]
