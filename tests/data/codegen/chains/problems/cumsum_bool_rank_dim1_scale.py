# Chain-planner test problem (not KernelBench): session 38's second member of probe25 c05's class (a cumsum of
# integers): each token's rank among the kept ones, (x > 0) of a bool tensor scanned along the middle dim of
# [batch, seq, dim] (int64, exact), then read as a float scale; plus an int32 input's running total along dim 0.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, counts):  # x [batch, seq, dim] float, counts int32 [batch, seq]
        rank = (x > 0).cumsum(dim=1)                       # int64 [batch, seq, dim]
        total = counts.cumsum(0)                           # int64 [batch, seq]
        return x * rank.to(x.dtype) + total.unsqueeze(-1).to(x.dtype)


batch = 4
seq = 50
dim = 12


def get_inputs():
    return [torch.randn(batch, seq, dim), torch.randint(0, 7, (batch, seq), dtype=torch.int32)]


def get_init_inputs():
    return []
