# Chain-planner test problem (not KernelBench): sort_argmax_kthvalue_rows at small sizes (session 36, cute36: the
# CuTe DSL selection stage on the CPU emulation): a descending sort summed over its first three values, argmax
# gathering another input, the 5th smallest value.
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


rows = 6
cols = 11


def get_inputs():
    return [torch.randn(rows, cols), torch.randn(rows, cols)]


def get_init_inputs():
    return []
