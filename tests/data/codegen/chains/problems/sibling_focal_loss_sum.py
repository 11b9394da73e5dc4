import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A sigmoid focal loss summed over every element and divided by the number of positives (torchvision's
    sigmoid_focal_loss, reduction 'sum' / num_pos, RetinaNet): `loss.sum()` and `targets.sum()` are sibling
    whole-tensor reductions, the loss's pointwise run the first one's prologue (issue 14, session 42, sib42)."""

    def __init__(self, alpha, gamma):
        super().__init__()
        self.alpha, self.gamma = alpha, gamma

    def forward(self, logits, targets):
        p = torch.sigmoid(logits)
        ce = F.binary_cross_entropy_with_logits(logits, targets, reduction='none')
        p_t = p * targets + (1 - p) * (1 - targets)
        loss = ce * ((1 - p_t) ** self.gamma)
        a_t = self.alpha * targets + (1 - self.alpha) * (1 - targets)
        loss = a_t * loss
        num_pos = targets.sum().clamp(min=1.0)
        return loss.sum() / num_pos


anchors = 300
classes = 20


def get_inputs():
    return [torch.randn(anchors, classes), (torch.rand(anchors, classes) < 0.05).float()]


def get_init_inputs():
    return [0.25, 2.0]
