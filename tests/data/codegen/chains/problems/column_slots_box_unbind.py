# Pairwise IoU of two box sets (x1, y1, x2, y2) written with unbind: the [N, M] intersection reads all four columns of
# each set (eight column reads, more than one pointwise launch's five tensor slots). Session 43 (slot43): each set's
# columns are read through one slot (kwb_cols: the tensor passed once, each column at its index times the column
# stride), so the intersection is one launch instead of a cut run.
import torch
import torch.nn as nn

N, M = 96, 40


class Model(nn.Module):
    def forward(self, a, b):
        ax1, ay1, ax2, ay2 = a.unbind(-1)
        bx1, by1, bx2, by2 = b.unbind(-1)
        iw = (torch.min(ax2[:, None], bx2[None, :]) - torch.max(ax1[:, None], bx1[None, :])).clamp(min=0)
        ih = (torch.min(ay2[:, None], by2[None, :]) - torch.max(ay1[:, None], by1[None, :])).clamp(min=0)
        return iw * ih


def get_inputs():
    a = torch.rand(N, 4) * 0.5
    b = torch.rand(M, 4) * 0.5
    return [torch.cat([a[:, :2], a[:, :2] + a[:, 2:] + 0.1], 1), torch.cat([b[:, :2], b[:, :2] + b[:, 2:] + 0.1], 1)]


def get_init_inputs():
    return []
