import torch
import torch.nn as nn

# session 40 (dtype40), an integer sum must be int64 exact: a row sum of int64 ids near 2^33 (fp32 holds them to
# 2^10) and the count of ids above 2^24 (bool sum, int64).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids):
        return ids.sum(dim=1) + (ids > 2**24).sum(dim=1)


batch = 8
seq = 40


def get_inputs():
    return [torch.randint(0, 1000, (batch, seq)) + 2**33]


def get_init_inputs():
    return []
