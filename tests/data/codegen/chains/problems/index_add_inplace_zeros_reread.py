import torch
import torch.nn as nn


# probe19 (q15's class): an in-place index_add_ into a fresh torch.zeros, then the buffer read again through its first
# name (z, the same memory): the in-place op on a fresh factory result is its out-of-place form, and every later
# reader of z reads the sum (a skeleton before: "writes into an intermediate in place").
class Model(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n

    def forward(self, x, idx):
        z = torch.zeros(self.n, x.size(1), device=x.device, dtype=x.dtype)
        z.index_add_(0, idx, x * 0.5)
        return torch.tanh(z) + z


rows = 300
cols = 70
n = 150


def get_inputs():
    # the index bound is the model's n, which the harness never resizes (a bound derived from rows stayed 150
    # when the harness resized rows to 7: out of range in the reference)
    return [torch.randn(rows, cols), torch.randint(0, n, (rows,))]


def get_init_inputs():
    return [n]
