import torch
import torch.nn as nn


# probe19 (a WRONG kernel before): a GEMM of slices of its inputs, x[:, 1:] @ y[1:]: the GEMM pattern read x and y
# whole (rel_err 0.06 at 300 x 300); slices, selects and expands now go to the chain, which reads the views.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        return torch.matmul(x[:, 1:], y[1:])


def get_inputs():
    return [torch.randn(200, 301), torch.randn(301, 150)]


def get_init_inputs():
    return []
