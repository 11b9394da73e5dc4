import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """T5 relative position bias (bidirectional): int64 relative positions of [q_len, k_len], bucketed (exact
    below max_exact, log-spaced above, clamped), an embedding lookup per bucket, permuted to [1, heads, q, k] and
    added to the attention scores given as input."""

    def __init__(self, num_buckets, max_distance, heads):
        super().__init__()
        self.num_buckets = num_buckets
        self.max_distance = max_distance
        self.bias = nn.Embedding(num_buckets, heads)

    def forward(self, scores):
        q_len, k_len = scores.shape[-2], scores.shape[-1]
        ctx = torch.arange(q_len, dtype=torch.long, device=scores.device)[:, None]
        mem = torch.arange(k_len, dtype=torch.long, device=scores.device)[None, :]
        rel = mem - ctx
        nb = self.num_buckets // 2
        buckets = (rel > 0).to(torch.long) * nb
        rel = torch.abs(rel)
        max_exact = nb // 2
        is_small = rel < max_exact
        large = max_exact + (
            torch.log(rel.float() / max_exact) / math.log(self.max_distance / max_exact) * (nb - max_exact)
        ).to(torch.long)
        large = torch.min(large, torch.full_like(large, nb - 1))
        buckets = buckets + torch.where(is_small, rel, large)
        values = self.bias(buckets)
        return scores + values.permute(2, 0, 1).unsqueeze(0)


batch_size = 4
heads = 12
seq_len = 256


def get_inputs():
    return [torch.randn(batch_size, heads, seq_len, seq_len)]


def get_init_inputs():
    return [32, 128, heads]
