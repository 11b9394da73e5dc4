# Chain-planner test problem (not KernelBench): trial 29 #5's class, a local causal window from one index difference
# d = i - j compared twice, keep where 0 <= d < W (each query sees itself and the W - 1 before it): diag=0, band=W.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, q, k, v):
        t = q.size(2)
        idx = torch.arange(t, device=q.device)
        d = idx.view(-1, 1) - idx.view(1, -1)
        keep = (d >= 0) & (d < self.window)
        att = (q @ k.transpose(-2, -1)) * (1.0 / q.size(-1) ** 0.5)
        att = att.masked_fill(~keep, float('-inf'))
        return att.softmax(dim=-1) @ v


def get_inputs():
    return [torch.randn(1, 2, 150, 24), torch.randn(1, 2, 150, 24), torch.randn(1, 2, 150, 24)]


def get_init_inputs():
    return [16]
