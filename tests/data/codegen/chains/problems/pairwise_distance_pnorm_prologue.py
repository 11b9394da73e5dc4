# Chain-planner test problem (not KernelBench): a pointwise run before a p-norm (probe16's z14's class, session 28):
# F.pairwise_distance (x - y + eps, then the norm) at p = 1.5 over a transposed view, torch.norm of a difference at
# p = 2, and at p = inf (the product stays its own launch there): each finite-p run is its norm's prologue.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        d1 = F.pairwise_distance(a.transpose(1, 2), b.transpose(1, 2), p=1.5)
        d2 = torch.norm(a - 2.0 * b, p=2, dim=1)
        d3 = torch.linalg.vector_norm(a * b, ord=float("inf"), dim=1)
        return d1 + d2 * d3


batch = 3
channels = 21
length = 10


def get_inputs():
    return [torch.randn(batch, channels, length), torch.randn(batch, channels, length)]


def get_init_inputs():
    return []
