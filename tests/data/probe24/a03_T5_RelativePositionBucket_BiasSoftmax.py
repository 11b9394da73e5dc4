import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """T5 relative attention bias: bidirectional log-spaced bucketing of (memory - context) positions with integer
    index math (abs, log, long casts, where, min), an Embedding(num_buckets, heads) lookup, permuted to
    [1, H, Q, K], added to q k^T (no 1/sqrt(d) scaling, as T5), softmax over keys, times v."""

    def __init__(self, num_buckets, max_distance, heads):
        super().__init__()
        self.num_buckets, self.max_distance = num_buckets, max_distance
        self.rel_bias = nn.Embedding(num_buckets, heads)

    def bucket(self, rel):
        nb = self.num_buckets // 2
        ret = (rel > 0).long() * nb
        n = rel.abs()
        max_exact = nb // 2
        is_small = n < max_exact
        large = max_exact + (torch.log(n.float() / max_exact) / math.log(self.max_distance / max_exact)
                             * (nb - max_exact)).long()
        large = torch.min(large, torch.full_like(large, nb - 1))
        return ret + torch.where(is_small, n, large)

    def forward(self, q, k, v):
        qlen, klen = q.shape[2], k.shape[2]
        ctx = torch.arange(qlen, device=q.device)[:, None]
        mem = torch.arange(klen, device=q.device)[None, :]
        b = self.rel_bias(self.bucket(mem - ctx)).permute(2, 0, 1).unsqueeze(0)
        scores = torch.matmul(q, k.transpose(-1, -2)) + b
        return torch.matmul(torch.softmax(scores.float(), dim=-1).type_as(scores), v)


batch = 2
heads = 8
seq_len = 512
head_dim = 64


def get_inputs():
    return [torch.randn(batch, heads, seq_len, head_dim) * 0.125 for _ in range(3)]


def get_init_inputs():
    return [32, 128, heads]
