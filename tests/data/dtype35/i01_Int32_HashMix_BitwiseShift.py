import torch
import torch.nn as nn


class Model(nn.Module):
    """An int32 hash mix kept in int32: a multiply that overflows (wraps modulo 2^32, as torch's int32 does), xor with
    shifts, a mask, and Python-style floor division / remainder by a negative divisor."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        h = a * 65599 + b
        h = h ^ (h >> 7) ^ (b << 3)
        return (h & 0x7FFFF) - torch.remainder(h, -13) + torch.div(h, -1000, rounding_mode="floor")


def get_inputs():
    return [torch.randint(-2 ** 31, 2 ** 31 - 1, (1024, 2048), dtype=torch.int32),
            torch.randint(-2 ** 20, 2 ** 20, (1024, 2048), dtype=torch.int32)]


def get_init_inputs():
    return []
