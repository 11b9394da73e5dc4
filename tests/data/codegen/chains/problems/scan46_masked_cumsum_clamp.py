# Session 46 (scan46): a cumsum of `x * mask` followed by a clamp: the product the scan's prologue (pre=, its mask
# read at x's coordinates), the clamp its epilogue -- one launch.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):  # x [B, H, L], mask [B, 1, L]
        return torch.cumsum(x * mask, dim=-1).clamp(min=-2.0, max=6.0)


def get_inputs():
    return [torch.randn(8, 6, 300), (torch.rand(8, 1, 300) > 0.5).float()]


def get_init_inputs():
    return []
