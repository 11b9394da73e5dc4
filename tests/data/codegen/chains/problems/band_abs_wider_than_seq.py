# Chain-planner test problem (not KernelBench): trial 29 #5's class with W >= S -- (i - j).abs() > W with W = 200 on
# S = 77 keeps every key (the band's predicate holds everywhere; every tile visited), shifted indices on both sides.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, q, k, v):
        s = q.shape[-2]
        r = torch.arange(1, s + 1, device=q.device)
        c = torch.arange(s, device=q.device) + 1
        far = (r.unsqueeze(1) - c.unsqueeze(0)).abs() > self.window
        scores = torch.matmul(q, k.transpose(-2, -1)) * 0.25
        scores = scores.masked_fill(far, float('-inf'))
        return torch.matmul(torch.softmax(scores, dim=-1), v)


def get_inputs():
    return [torch.randn(2, 2, 77, 16), torch.randn(2, 2, 77, 16), torch.randn(2, 2, 77, 16)]


def get_init_inputs():
    return [200]
