# Generalized IoU cost matrix of two box sets in centre form (cx, cy, w, h), DETR's matcher (new-user trial 31's p09
# at a smaller size): unbind, a stack of four corner expressions, column selects and 2-wide slices of broadcast
# maxima / minima. Session 44 (giou44): with the selects pushed down, each corner is a copy of `cx - 0.5 * w` over the
# boxes' columns (no [N] corner value), so the [N, M] launch reads the two box tensors (kwb_cols) and nothing else.
import torch
import torch.nn as nn

N, M = 96, 40


def cxcywh_to_xyxy(b):
    cx, cy, w, h = b.unbind(-1)
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], dim=-1)


class Model(nn.Module):
    def forward(self, pred, tgt):
        a = cxcywh_to_xyxy(pred)
        b = cxcywh_to_xyxy(tgt)
        area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
        area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
        lt = torch.max(a[:, None, :2], b[None, :, :2])
        rb = torch.min(a[:, None, 2:], b[None, :, 2:])
        wh = (rb - lt).clamp(min=0)
        inter = wh[..., 0] * wh[..., 1]
        union = area_a[:, None] + area_b[None, :] - inter
        iou = inter / union
        lt2 = torch.min(a[:, None, :2], b[None, :, :2])
        rb2 = torch.max(a[:, None, 2:], b[None, :, 2:])
        wh2 = (rb2 - lt2).clamp(min=0)
        encl = wh2[..., 0] * wh2[..., 1]
        return iou - (encl - union) / encl


def get_inputs():
    return [torch.rand(N, 4) * 0.5 + 0.25, torch.rand(M, 4) * 0.5 + 0.25]


def get_init_inputs():
    return []
