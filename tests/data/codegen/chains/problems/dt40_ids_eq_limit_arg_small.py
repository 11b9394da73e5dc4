import torch
import torch.nn as nn

# session 40 (dtype40), the int-argument class at a value fp32 holds: ids % 8 == pad (an int forward() argument) and
# ids + pad as integer nodes on int64 ids near 2^40, int64 out; pad = 3 reaches the kernel checked exact (before:
# refused, "computes an integer from a scalar operand").
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids, pad: int):
        return torch.where(ids % 8 == pad, ids + pad, ids * 2)


batch = 8
seq = 40


def get_inputs():
    return [torch.randint(0, 8, (batch, seq)) + (2**40), 3]


def get_init_inputs():
    return []
