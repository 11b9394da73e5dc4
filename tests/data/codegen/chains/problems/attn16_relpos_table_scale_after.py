# Chain-planner test problem (not KernelBench): a learned relative position table [L, L] (a parameter) added to the
# scores of a 3-D bmm over [B * H, L, D], the scale after the add (bias_scale): one kwb_attention launch (attn16).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, seq):
        super().__init__()
        self.rel = nn.Parameter(torch.randn(seq, seq) * 0.5)

    def forward(self, q, k, v):
        s = (torch.bmm(q, k.transpose(1, 2)) + self.rel) * 0.25
        return torch.bmm(torch.softmax(s, dim=-1), v)


def get_inputs():
    return [torch.randn(6, 33, 16), torch.randn(6, 33, 16), torch.randn(6, 33, 16)]


def get_init_inputs():
    return [33]
