# Pairwise IoU of two box sets in corner form (x1, y1, x2, y2) written with column selects and 2-wide slices of
# broadcast maxima / minima: every value is a pointwise function of the boxes' coordinates over [N, M]. Session 43
# (bcast43, new-user trial 31 #6): the selects of the [N, M, 2] clamp and of the boxes' columns are pushed onto the
# operands, so no [N, M, 2] intermediate is written.
import torch
import torch.nn as nn

N, M = 96, 40


class Model(nn.Module):
    def forward(self, a, b):
        area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
        area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
        lt = torch.max(a[:, None, :2], b[None, :, :2])
        rb = torch.min(a[:, None, 2:], b[None, :, 2:])
        wh = (rb - lt).clamp(min=0)
        inter = wh[..., 0] * wh[..., 1]
        return inter / (area_a[:, None] + area_b[None, :] - inter)


def get_inputs():
    a = torch.rand(N, 4) * 0.5
    b = torch.rand(M, 4) * 0.5
    return [torch.cat([a[:, :2], a[:, :2] + a[:, 2:] + 0.1], 1), torch.cat([b[:, :2], b[:, :2] + b[:, 2:] + 0.1], 1)]


def get_init_inputs():
    return []
