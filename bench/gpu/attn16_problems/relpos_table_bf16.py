# attn16 bench problem: a learned relative position table [L, L] added to the scores of a 3-D bmm over [B * H, L, D],
# the scale after the add, bf16 (tests/data/codegen/chains/problems/attn16_relpos_table_scale_after.py at H200 sizes)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, seq):
        super().__init__()
        self.rel = nn.Parameter(torch.randn(seq, seq) * 0.5)

    def forward(self, q, k, v):
        s = (torch.bmm(q, k.transpose(1, 2)) + self.rel) * 0.125
        return torch.bmm(torch.softmax(s, dim=-1), v)


def sdpa(model, q, k, v):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=(model.rel * 0.125).to(q.dtype), scale=0.125)


def get_inputs():
    return [torch.randn(64, 1024, 64, dtype=torch.bfloat16) for _ in range(3)]


def get_init_inputs():
    return [1024]
