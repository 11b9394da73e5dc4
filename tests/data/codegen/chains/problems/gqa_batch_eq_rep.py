import math
import torch
import torch.nn as nn

# New-user trial 10 #1: grouped-query causal attention written as ops, whose batch (4) equals its KV repeat
# factor (8 query heads / 2 KV heads = 4): the generated kernel must not read the repeat from the batch, and must
# compute 1/sqrt(head_dim) from the run-time head_dim (tests/tst_chains.cpp runs it at other batches / head dims).
class Model(nn.Module):
    def __init__(self, n_q_heads, n_kv_heads):
        super().__init__()
        self.rep = n_q_heads // n_kv_heads

    def forward(self, q, k, v):
        b, hkv, s, d = k.shape
        k = k[:, :, None].expand(b, hkv, self.rep, s, d).reshape(b, hkv * self.rep, s, d)
        v = v[:, :, None].expand(b, hkv, self.rep, s, d).reshape(b, hkv * self.rep, s, d)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(d)
        mask = torch.tril(torch.ones(s, s, dtype=torch.bool, device=q.device))
        att = att.masked_fill(~mask, float("-inf"))
        return torch.softmax(att, dim=-1) @ v


batch_size = 4
n_q = 8
n_kv = 2
seq_len = 64
head_dim = 32


def get_inputs():
    return [torch.randn(batch_size, n_q, seq_len, head_dim), torch.randn(batch_size, n_kv, seq_len, head_dim),
            torch.randn(batch_size, n_kv, seq_len, head_dim)]


def get_init_inputs():
    return [n_q, n_kv]
