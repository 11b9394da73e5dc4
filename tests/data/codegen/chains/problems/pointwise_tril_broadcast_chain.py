# Chain-planner test problem (not KernelBench): a tril whose operand broadcasts against the output (a [T, T] weight
# table added to [B, T, T] scores): the elementwise kernel's coordinates are the output's, not the operand's, so
# this program goes to the chain planner (kwb_tri, then the pointwise launch) instead of a skeleton.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, s, w):
        return torch.relu(s) + torch.triu(w, diagonal=1) * 0.5


batch = 4
seq = 37


def get_inputs():
    return [torch.randn(batch, seq, seq), torch.randn(seq, seq)]


def get_init_inputs():
    return []
