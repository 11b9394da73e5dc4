# Session 48 (scanprec48): a float scan's weighted value that a reduction reads where the reduction cannot take it
# as its source: y = w * (exclusive cumprod of p along the rows, written with a cat of a ones column), then sigmoid(y)
# is returned before y's row sum (a line between reads y, so the sum cannot compute y at its own place). The scan
# keeps its epilogue (KWB_SCAN_EPILOGUE; KWB_SCAN_EPILOGUE_YIELD does not yield it): the scan stores y.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p, w):  # [B, T] each
        excl = torch.cumprod(torch.cat([torch.ones_like(p[:, :1]), p], dim=-1), dim=-1)[:, :-1]
        y = w * excl
        z = torch.sigmoid(y)
        return z, y.sum(dim=-1)


def get_inputs():
    return [torch.rand(7, 130) * 0.5 + 0.6, torch.randn(7, 130)]


def get_init_inputs():
    return []
