# Chain-planner test problem (not KernelBench): tril / triu of any tensor are coordinate predicates on its last two
# dims (probe17's v35: the graph is all-pointwise, so it took the elementwise template, whose lowering had no
# tril): diagonals below, on and above the main one, a non-square rank-4 tensor, a transposed view, and a NaN and
# an inf in the zeroed triangle (tril zeroes them).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a = torch.tril(x, diagonal=-2) + torch.triu(x * 0.5, 3) - torch.tril(y.transpose(-1, -2))
        return a + torch.triu(torch.sigmoid(y.transpose(-1, -2)), diagonal=0) * 2.0


batch = 3
heads = 2
rows = 19
cols = 27


def get_inputs():
    x = torch.randn(batch, heads, rows, cols)
    y = torch.randn(batch, heads, cols, rows)
    x[..., 0, 5] = float("nan")  # above the diagonal: tril(-2) drops it; triu(3) keeps it (col - row = 5)
    x[..., 0, 1] = float("inf")  # dropped by both (col - row = 1)
    return [x, y]


def get_init_inputs():
    return []
