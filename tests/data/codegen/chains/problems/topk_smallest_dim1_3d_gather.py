# Chain-planner test problem (not KernelBench): y03's class (topk) along dim 1 of a 3-D tensor, the smallest k of a
# pointwise distance, the values through a softmax over k and the indices gathering another input's rows.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, k):
        super().__init__()
        self.center = nn.Parameter(torch.randn(channels) * 0.5)
        self.k = k

    def forward(self, x, y):
        d = (x - self.center).abs()
        vals, idx = torch.topk(d, self.k, dim=1, largest=False)
        picked = torch.gather(y, 1, idx)
        return torch.softmax(-vals, dim=1) * picked


batch = 16
points = 100
channels = 24
k = 4


def get_inputs():
    return [torch.randn(batch, points, channels), torch.randn(batch, points, channels)]


def get_init_inputs():
    return [channels, k]
