# Chain-planner test problem (not KernelBench): probe17's v26 class in a chain: the diagonal of a bmm's output
# ('bij,bjk->bik' then 'bii->bi': the GEMM's result read through a diagonal view), an offset diagonal of an input
# (offset 1 and -2, dims given from the end), a reduction of a diagonal (a batched trace) broadcast back.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        p = torch.einsum("bii->bi", torch.bmm(x, y))
        up = torch.diagonal(x, 1, -2, -1)
        low = torch.diagonal(y, -2, 1, 2)
        tr = torch.einsum("bii->b", x).unsqueeze(1)
        return p[:, 1:] * up + torch.tanh(low).sum(-1, keepdim=True) + tr


batch = 4
n = 24


def get_inputs():
    return [torch.randn(batch, n, n), torch.randn(batch, n, n)]


def get_init_inputs():
    return []
