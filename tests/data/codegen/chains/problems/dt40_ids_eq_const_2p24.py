import torch
import torch.nn as nn

# session 40 (dtype40), integers compared with constants at and above 2^24: ids in 2^24 - 1 .. 2^24 + 2, where fp32
# holds 2^24 + 1 as 2^24 (ids == 16777217 and ids > 2**24 are wrong for every id of 2^24 or 2^24 + 1 in fp32).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, ids):
        hit = (ids == 16777217).to(x.dtype)
        above = (ids > 2**24).to(x.dtype)
        return x * hit + above


batch = 8
seq = 40


def get_inputs():
    return [torch.randn(batch, seq), torch.randint(0, 4, (batch, seq)) + (2**24 - 1)]


def get_init_inputs():
    return []
