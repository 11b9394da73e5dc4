# Chain-planner test problem (not KernelBench): torch.flip (session 28) of a transposed view along a negative dim, read
# by a softmax (the flip's own launch, kwb_flip), and a flip of a flip read by the pointwise run after it.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        f = torch.flip(x.transpose(1, 2), dims=[-1])
        s = torch.softmax(f, dim=-1)
        return s + torch.flip(torch.flip(s, dims=[0]), dims=[1]).sigmoid()


batch = 4
channels = 6
width = 19


def get_inputs():
    return [torch.randn(batch, channels, width)]


def get_init_inputs():
    return []
