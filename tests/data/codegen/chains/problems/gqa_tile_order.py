import math
import torch
import torch.nn as nn

# K / V repeated in tile order (k.repeat(1, rep, 1, 1)'s order, written as expand + reshape: kv_head = h % n_kv),
# which is not grouped-query attention's h // rep: the planner must not index it as such (it keeps the copy).
class Model(nn.Module):
    def __init__(self, n_q_heads, n_kv_heads):
        super().__init__()
        self.rep = n_q_heads // n_kv_heads

    def forward(self, q, k, v):
        b, hkv, s, d = k.shape
        k = k[:, None].expand(b, self.rep, hkv, s, d).reshape(b, self.rep * hkv, s, d)
        v = v[:, None].expand(b, self.rep, hkv, s, d).reshape(b, self.rep * hkv, s, d)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(d)
        return torch.softmax(att, dim=-1) @ v


batch_size = 2
n_q = 6
n_kv = 2
seq_len = 24
head_dim = 16


def get_inputs():
    return [torch.randn(batch_size, n_q, seq_len, head_dim), torch.randn(batch_size, n_kv, seq_len, head_dim),
            torch.randn(batch_size, n_kv, seq_len, head_dim)]


def get_init_inputs():
    return [n_q, n_kv]
