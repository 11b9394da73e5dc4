# Session 48 (scanprec48): the discounted return's class at another dim and op -- a float scan whose weighted value
# is both returned and reduced. An exclusive cumsum along the time dim of [B, T, C] written with a cat of a zeros
# column (kwb_scan's shift=), weighted by w (the run's primary is w, not the scan), returned with its mean over T.
# Two launches either way: the scan, then the mean that computes `w * excl` as it loads (its store-through source,
# KWB_REDUCE_STORE_PROLOGUE) and stores y -- the scan's epilogue yields the run to it (KWB_SCAN_EPILOGUE_YIELD) rather
# than storing y for the mean to read back. T = 37 and C = 5 are no multiple of a tile; B = 1 a size-1 dim.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):  # [B, T, C] each
        excl = torch.cumsum(torch.cat([torch.zeros_like(x[:, :1]), x], dim=1), dim=1)[:, :-1]
        y = w * excl
        return y, y.mean(dim=1)


def get_inputs():
    return [torch.randn(1, 37, 5), torch.randn(1, 37, 5)]


def get_init_inputs():
    return []
