# Chain-planner test problem (not KernelBench): y03's class (selections along a dim) by other ops: a descending sort
# whose first three values are summed, argmax's index gathering another input, the k-th smallest value (kthvalue).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        s, _ = torch.sort(x, dim=-1, descending=True)
        top = s[:, :3].sum(-1, keepdim=True)
        i = torch.argmax(x, dim=-1, keepdim=True)
        kth = torch.kthvalue(x, 5, dim=-1, keepdim=True).values
        return top * torch.gather(y, 1, i) + kth


rows = 300
cols = 40


def get_inputs():
    return [torch.randn(rows, cols), torch.randn(rows, cols)]


def get_init_inputs():
    return []
