import torch
import torch.nn as nn


def box_cxcywh_to_xyxy(b):
    cx, cy, w, h = b.unbind(-1)
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], dim=-1)


class Model(nn.Module):
    """DETR's Hungarian matching cost without the assignment: class cost -softmax(logits)[:, tgt_ids] by gather,
    L1 box cost by broadcasting (cdist(p=1) in extra/e01), and -generalized IoU of the xyxy boxes (pairwise [Q, T])."""

    def __init__(self, w_class, w_bbox, w_giou):
        super().__init__()
        self.w_class, self.w_bbox, self.w_giou = w_class, w_bbox, w_giou

    def forward(self, logits, pred_boxes, tgt_ids, tgt_boxes):
        prob = logits.softmax(-1)                              # [Q, C]
        cost_class = -prob[:, tgt_ids]                          # [Q, T]
        cost_bbox = (pred_boxes[:, None, :] - tgt_boxes[None, :, :]).abs().sum(-1)
        b1 = box_cxcywh_to_xyxy(pred_boxes)
        b2 = box_cxcywh_to_xyxy(tgt_boxes)
        area1 = (b1[:, 2] - b1[:, 0]) * (b1[:, 3] - b1[:, 1])
        area2 = (b2[:, 2] - b2[:, 0]) * (b2[:, 3] - b2[:, 1])
        lt = torch.max(b1[:, None, :2], b2[None, :, :2])
        rb = torch.min(b1[:, None, 2:], b2[None, :, 2:])
        wh = (rb - lt).clamp(min=0)
        inter = wh[..., 0] * wh[..., 1]
        union = area1[:, None] + area2[None, :] - inter
        iou = inter / union
        lt_c = torch.min(b1[:, None, :2], b2[None, :, :2])
        rb_c = torch.max(b1[:, None, 2:], b2[None, :, 2:])
        wh_c = (rb_c - lt_c).clamp(min=0)
        area_c = wh_c[..., 0] * wh_c[..., 1]
        giou = iou - (area_c - union) / area_c
        return self.w_bbox * cost_bbox + self.w_class * cost_class - self.w_giou * giou


queries = 300
num_classes = 92
targets = 40


def get_inputs():
    pred = torch.cat([torch.rand(queries, 2) * 0.6 + 0.2, torch.rand(queries, 2) * 0.3 + 0.05], dim=1)
    tgt = torch.cat([torch.rand(targets, 2) * 0.6 + 0.2, torch.rand(targets, 2) * 0.3 + 0.05], dim=1)
    return [torch.randn(queries, num_classes), pred, torch.randint(0, num_classes, (targets,)), tgt]


def get_init_inputs():
    return [1.0, 5.0, 2.0]
