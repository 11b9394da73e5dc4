# Chain-planner test problem (not KernelBench): the max and min norms (p = +-inf; probe16: x / norm(x, p=inf) was
# rendered as an L2 norm by the pattern template): max |x| over two dims, min |x| over the last, each dividing x.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = x / torch.linalg.vector_norm(x, ord=float("inf"), dim=(1, 2), keepdim=True)
        b = torch.norm(x, p=float("-inf"), dim=-1, keepdim=True).clamp_min(1e-3)
        return a + x / b


batch = 6
channels = 9
height = 11
width = 37


def get_inputs():
    return [torch.randn(batch, channels, height, width)]


def get_init_inputs():
    return []
