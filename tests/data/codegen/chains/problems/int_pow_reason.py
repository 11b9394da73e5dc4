import torch
import torch.nn as nn


class Model(nn.Module):
    """An integer op the integer lowering does not have (a power of int64 ids before an embedding gather): the
    skeleton's reason names aten::pow and its line (int_bitand_reason's role until session 34 lowered bit ops)."""

    def __init__(self):
        super().__init__()
        self.table = nn.Embedding(256, 16)

    def forward(self, ids):
        return self.table(torch.remainder(torch.pow(ids, 3), 256))


def get_inputs():
    return [torch.randint(0, 10 ** 4, (4, 32))]


def get_init_inputs():
    return []
