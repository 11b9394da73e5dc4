# Session 48 (scanprec48): a float scan's weighted value returned and reduced twice over the same rows (its sum and
# its max): y = w * (exclusive cumsum of x along the rows, a cat of a zeros column). The two reductions become one
# kwb_rows launch, which takes no stored source, so the scan's epilogue -- left to the reductions by its first pass
# (KWB_SCAN_EPILOGUE_YIELD) -- is taken by its second: the scan stores y, the kwb_rows launch reads it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):  # [B, T] each
        excl = torch.cumsum(torch.cat([torch.zeros_like(x[:, :1]), x], dim=-1), dim=-1)[:, :-1]
        y = w * excl
        return y, y.sum(dim=-1), y.amax(dim=-1)


def get_inputs():
    return [torch.randn(9, 200), torch.randn(9, 200)]


def get_init_inputs():
    return []
