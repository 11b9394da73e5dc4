# DETR generalized IoU cost matrix between predicted and target boxes (cx,cy,w,h -> xyxy), fp32.
import torch, torch.nn as nn
NP, NT = 900, 300
def cxcywh_to_xyxy(b):
    cx, cy, w, h = b.unbind(-1)
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], dim=-1)
class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, pred, tgt):
        a = cxcywh_to_xyxy(pred); b = cxcywh_to_xyxy(tgt)
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
    p = torch.rand(NP, 4) * 0.5 + 0.25
    t = torch.rand(NT, 4) * 0.5 + 0.25
    return [p, t]
def get_init_inputs():
    return []
