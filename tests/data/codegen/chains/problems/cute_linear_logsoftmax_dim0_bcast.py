import torch
import torch.nn as nn


# Chain-planner test problem (not KernelBench): the CuTe DSL stage set's second members (session 30, cute30): a
# log-softmax over dim 0 (rows at stride N: the [outer, r, inner] view with inner > 1) of a Linear, then a pointwise
# run reading a per-column parameter and a per-row reduction of the input (broadcast tensors, stride 0).
class Model(nn.Module):
    def __init__(self, k, n):
        super().__init__()
        self.linear = nn.Linear(k, n)
        self.scale = nn.Parameter(torch.randn(n))

    def forward(self, x):
        s = torch.log_softmax(self.linear(x), dim=0)
        return s * self.scale + x.amax(dim=1, keepdim=True)


batch = 37
k = 12
n = 20


def get_inputs():
    return [torch.randn(batch, k)]


def get_init_inputs():
    return [k, n]
