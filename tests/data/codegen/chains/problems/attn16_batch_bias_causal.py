# Chain-planner test problem (not KernelBench): a per-sample additive bias [B, 1, L, L] (a forward() input,
# broadcast over the heads) on the scaled scores, then a causal mask from a triu of ones: one kwb_attention launch,
# the bias read per tile, the mask an index predicate (issue 14, attn16).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, bias):
        L = q.shape[2]
        s = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5 + bias
        causal = torch.triu(torch.ones(L, L, dtype=torch.bool, device=q.device), diagonal=1)
        s = s.masked_fill(causal, float("-inf"))
        return torch.softmax(s, dim=-1) @ v


def get_inputs():
    return [torch.randn(2, 3, 37, 16), torch.randn(2, 3, 37, 16), torch.randn(2, 3, 37, 24),
            torch.randn(2, 1, 37, 37)]


def get_init_inputs():
    return []
