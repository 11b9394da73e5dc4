import torch
import torch.nn as nn
import torch.nn.functional as F

# Grouped-query attention as users write it: K and V repeated to the query heads with repeat_interleave, then SDPA
# (causal; head_dim 40; 8 query heads over 2 KV heads: rep 4). The generated kernel reads K
# and V per KV head (kv_head = h // rep) instead of the repeated copy (tests/tst_chains.cpp gqaKvIndexed).
class Model(nn.Module):
    def __init__(self, n_q_heads, n_kv_heads):
        super().__init__()
        self.rep = n_q_heads // n_kv_heads

    def forward(self, q, k, v):
        k = k.repeat_interleave(self.rep, dim=1)
        v = v.repeat_interleave(self.rep, dim=1)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


batch_size = 3
n_q = 8
n_kv = 2
seq_len = 40
head_dim = 40


def get_inputs():
    return [torch.randn(batch_size, n_q, seq_len, head_dim), torch.randn(batch_size, n_kv, seq_len, head_dim),
            torch.randn(batch_size, n_kv, seq_len, head_dim)]


def get_init_inputs():
    return [n_q, n_kv]
