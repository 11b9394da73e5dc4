import math
import torch
import torch.nn as nn

# Multi-query attention written out: one K / V head expanded to the query heads (a stride-0 head dim, no reshape),
# a causal mask from tril(ones), softmax, P V; bench sizes: 16 heads, seq 2048, head_dim 64. rep = the number of query heads.
class Model(nn.Module):
    def __init__(self, n_heads):
        super().__init__()
        self.n_heads = n_heads

    def forward(self, q, k, v):
        b, _, s, d = q.shape
        k = k.expand(b, self.n_heads, s, d)
        v = v.expand(b, self.n_heads, s, d)
        att = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(d))
        mask = torch.tril(torch.ones(s, s, dtype=torch.bool, device=q.device))
        att = att.masked_fill(~mask, float("-inf"))
        return torch.matmul(torch.softmax(att, dim=-1), v)


batch_size = 4
n_heads = 16
seq_len = 2048
head_dim = 64


def get_inputs():
    return [torch.randn(batch_size, n_heads, seq_len, head_dim), torch.randn(batch_size, 1, seq_len, head_dim),
            torch.randn(batch_size, 1, seq_len, head_dim)]


def get_init_inputs():
    return [n_heads]
