# Chain-planner test problem (not KernelBench): session 38's second member of probe25 a10's class
# (scatter_reduce): along dim 1 of a [rows, cols] tensor into a [rows, buckets] base of ones, a mean with
# include_self=True, a prod and an amin with include_self=False (positions no index reaches keep the base's value).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, buckets):
        super().__init__()
        self.buckets = buckets

    def forward(self, x, idx):  # x [rows, cols] float, idx int64 [rows, cols] in [0, buckets)
        base = torch.ones(x.shape[0], self.buckets, dtype=x.dtype, device=x.device)
        m = base.scatter_reduce(1, idx, torch.sigmoid(x), reduce="mean", include_self=True)
        p = base.scatter_reduce(1, idx, 1 + 0.25 * torch.tanh(x), reduce="prod", include_self=False)
        n = base.scatter_reduce(1, idx, x, reduce="amin", include_self=False)
        return m * p + n


rows = 24
cols = 40
buckets = 9


def get_inputs():
    return [torch.randn(rows, cols), torch.randint(0, buckets, (rows, cols))]


def get_init_inputs():
    return [buckets]
