# Chain-planner test problem (not KernelBench): a scale on Q before a 4-D torch.matmul (traced as mul, expand,
# _reshape_alias, bmm), then softmax, P V and a residual add of q: the scale is the attention launch's own (issue 14, session 39,
# operand38's "left"), not a pointwise launch before it. Member 1 of "a scale before the operand's views".
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        s = torch.matmul(q * 0.3, k.transpose(-2, -1))
        return torch.matmul(torch.softmax(s, dim=-1), v) + q


def get_inputs():
    return [torch.randn(2, 3, 40, 64), torch.randn(2, 3, 40, 64), torch.randn(2, 3, 40, 64)]


def get_init_inputs():
    return []
