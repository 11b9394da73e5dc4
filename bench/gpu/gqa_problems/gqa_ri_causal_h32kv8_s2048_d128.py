import torch
import torch.nn as nn
import torch.nn.functional as F

# Grouped-query attention as users write it: K and V repeated to the query heads with repeat_interleave, then SDPA
# (causal; bench sizes: 32 query heads over 8 KV heads, rep 4, seq 2048, head_dim 128). The generated kernel reads K
# and V per KV head (kv_head = h // rep) instead of the repeated copy (tests/tst_chains.cpp gqaKvIndexed).
class Model(nn.Module):
    def __init__(self, n_q_heads, n_kv_heads):
        super().__init__()
        self.rep = n_q_heads // n_kv_heads

    def forward(self, q, k, v):
        k = k.repeat_interleave(self.rep, dim=1)
        v = v.repeat_interleave(self.rep, dim=1)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


batch_size = 4
n_q = 32
n_kv = 8
seq_len = 2048
head_dim = 128


def get_inputs():
    return [torch.randn(batch_size, n_q, seq_len, head_dim), torch.randn(batch_size, n_kv, seq_len, head_dim),
            torch.randn(batch_size, n_kv, seq_len, head_dim)]


def get_init_inputs():
    return [n_q, n_kv]
