import torch
import torch.nn as nn

# session 40 (dtype40), integer arithmetic on int64 ids past 2^31: a multiplicative hash into a table, a floor
# division and a position id offset; the result is int64 and compared exactly.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids, offset: int):
        h = (ids * 2654435761) % 1000003
        return h + ids // 2 - (ids + offset) % 7


batch = 8
seq = 40


def get_inputs():
    return [torch.randint(0, 2**20, (batch, seq)) + (2**31 - 2**19), 2**33 + 5]


def get_init_inputs():
    return []
