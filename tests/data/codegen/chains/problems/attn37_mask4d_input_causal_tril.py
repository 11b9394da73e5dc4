# Chain-planner test problem (not KernelBench): a per-sample bool mask [B, 1, S, S] given as an input (True = drop),
# then a causal mask from tril(ones) == 0: one kwb_attention launch, the mask per entry, the causal one a predicate
# (session 37, attn37).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, drop):
        L = q.shape[-2]
        s = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5
        s = s.masked_fill(drop, float("-inf"))
        s = s.masked_fill(torch.tril(torch.ones(L, L, device=q.device)) == 0, float("-inf"))
        return torch.softmax(s, dim=-1) @ v


def get_inputs():
    drop = torch.rand(2, 1, 24, 24) > 0.7
    drop[:, :, :, 0] = False
    return [torch.randn(2, 2, 24, 16), torch.randn(2, 2, 24, 16), torch.randn(2, 2, 24, 16), drop]


def get_init_inputs():
    return []
