# Chain-planner test problem (not KernelBench): torch.index_add of a scaled input into a learned base along dim 1
# (columns pooled into buckets), then tanh (new-user trial 13, x08's class: scatter-adds).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, rows, buckets):
        super().__init__()
        self.base = nn.Parameter(torch.randn(rows, buckets) * 0.1)

    def forward(self, x, bucket):
        return torch.tanh(self.base.index_add(1, bucket, 0.5 * x))


rows = 12
columns = 40
buckets = 9


def get_inputs():
    return [torch.randn(rows, columns), torch.randint(0, buckets, (columns,))]


def get_init_inputs():
    return [rows, buckets]
