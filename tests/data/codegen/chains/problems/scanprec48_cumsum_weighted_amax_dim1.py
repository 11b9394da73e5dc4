# Session 48 (scanprec48): the class without the shift -- y = w * cumsum(x, 1) over [B, T, C], returned with its max
# over the scanned dim. Planning would fuse the multiply into kwb_cumsum as its anchor epilogue (no slice between);
# under KWB_SCAN_EPILOGUE_YIELD the run stays a line, and the amax computes `w * c` as it loads and stores y
# (KWB_REDUCE_STORE_PROLOGUE's src=): two launches either way. T = 40 and C = 6 are no multiple of a tile.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):  # [B, T, C] each
        y = w * torch.cumsum(x, dim=1)
        return y, y.amax(dim=1)


def get_inputs():
    return [torch.randn(3, 40, 6), torch.randn(3, 40, 6)]


def get_init_inputs():
    return []
