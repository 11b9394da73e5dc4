import math
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-head causal attention over [B, H, T, D] inputs: the mask from two aranges compared (key index >
    query index), masked_fill with a large negative number instead of -inf, an eval-time dropout, then @ V."""
    def __init__(self, dropout):
        super().__init__()
        self.drop = nn.Dropout(dropout)

    def forward(self, q, k, v):
        T = q.size(-2)
        att = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(q.size(-1)))
        i = torch.arange(T, device=q.device).unsqueeze(1)
        j = torch.arange(T, device=q.device).unsqueeze(0)
        att = att.masked_fill(j > i, -1e9)
        att = self.drop(torch.softmax(att, dim=-1))
        return torch.matmul(att, v)


batch_size = 2
n_head = 4
seq_len = 96
head_dim = 32


def get_inputs():
    return [torch.randn(batch_size, n_head, seq_len, head_dim) for _ in range(3)]


def get_init_inputs():
    return [0.0]
