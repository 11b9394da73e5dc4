# Chain-planner test problem (not KernelBench): a local (bidirectional) attention window |i - j| <= w built from
# ones(L, L).tril(w).triu(-w), filled where the mask is 0; the band is one index predicate of kwb_attention.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, q, k, v):
        L = q.shape[-2]
        band = torch.ones(L, L, device=q.device).tril(self.w).triu(-self.w)
        s = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5
        s = s.masked_fill(band == 0, float("-inf"))
        return torch.softmax(s, dim=-1) @ v


def get_inputs():
    return [torch.randn(2, 3, 37, 24), torch.randn(2, 3, 37, 24), torch.randn(2, 3, 37, 24)]


def get_init_inputs():
    return [5]
