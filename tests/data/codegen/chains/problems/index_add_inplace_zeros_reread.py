import torch
import torch.nn as nn


# probe19 (q15's class): an in-place index_add_ into a fresh torch.zeros, then the buffer read again through its first
# name (z, the same memory): the in-place op on a fresh factory result is its out-of-place form, and every later
# reader of z reads the sum (a skeleton before: "writes into an intermediate in place").
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        z = torch.zeros(x.size(0) // 2, x.size(1), device=x.device, dtype=x.dtype)
        z.index_add_(0, idx, x * 0.5)
        return torch.tanh(z) + z


def get_inputs():
    return [torch.randn(300, 70), torch.randint(0, 150, (300,))]


def get_init_inputs():
    return []
