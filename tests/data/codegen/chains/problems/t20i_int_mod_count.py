import torch
import torch.nn as nn


class Model(nn.Module):
    """Integer bucketing without shifts: (31a + b) mod 11, count of bucket 3 per row, and the row max bucket."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        h = torch.remainder(a * 31 + b, 11)
        return (h == 3).sum(dim=1) + h.amax(dim=1)


def get_inputs():
    a = torch.randint(0, 1 << 20, (64, 999), dtype=torch.int64)
    b = torch.randint(-1000, 1000, (64, 999), dtype=torch.int64)
    return [a, b]


def get_init_inputs():
    return []
