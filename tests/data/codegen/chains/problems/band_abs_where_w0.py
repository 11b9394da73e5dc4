# Chain-planner test problem (not KernelBench): trial 29 #5's class at W = 0 -- keep where (j - i).abs() <= W,
# written as where(keep, scores, -inf) with the index difference the other way round: each query attends to itself
# only (diag=0, band=1).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, q, k, v):
        n = q.shape[1]
        pos = torch.arange(n, device=q.device)
        keep = (pos[None, :] - pos[:, None]).abs() <= self.window
        scores = torch.bmm(q, k.transpose(1, 2)) / 4.0
        scores = torch.where(keep, scores, float('-inf'))
        return torch.bmm(torch.softmax(scores, dim=-1), v)


def get_inputs():
    return [torch.randn(3, 45, 16), torch.randn(3, 45, 16), torch.randn(3, 45, 16)]


def get_init_inputs():
    return [0]
