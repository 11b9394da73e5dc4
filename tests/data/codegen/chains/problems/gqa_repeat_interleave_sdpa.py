import torch
import torch.nn as nn
import torch.nn.functional as F

# Grouped-query attention as users write it: K and V repeated to the query heads with repeat_interleave, then SDPA
# (non-causal; head_dim 48, not a power of 2; 6 query heads over 3 KV heads: rep 2). The generated kernel reads K
# and V per KV head (kv_head = h // rep) instead of the repeated copy (tests/tst_chains.cpp gqaKvIndexed).
class Model(nn.Module):
    def __init__(self, n_q_heads, n_kv_heads):
        super().__init__()
        self.rep = n_q_heads // n_kv_heads

    def forward(self, q, k, v):
        k = k.repeat_interleave(self.rep, dim=1)
        v = v.repeat_interleave(self.rep, dim=1)
        return F.scaled_dot_product_attention(q, k, v)


batch_size = 2
n_q = 6
n_kv = 3
seq_len = 40
head_dim = 48


def get_inputs():
    return [torch.randn(batch_size, n_q, seq_len, head_dim), torch.randn(batch_size, n_kv, seq_len, head_dim),
            torch.randn(batch_size, n_kv, seq_len, head_dim)]


def get_init_inputs():
    return [n_q, n_kv]
