# RetinaNet sigmoid focal loss (torchvision.ops.sigmoid_focal_loss, reduction='sum' / num positives):
# anchors x classes logits, 0/1 float targets, alpha 0.25, gamma 2.
import torch
import torch.nn as nn
import torch.nn.functional as F

NANCH, NCLS = 120000, 80


class Model(nn.Module):
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


def get_inputs():
    logits = torch.randn(NANCH, NCLS)
    targets = (torch.rand(NANCH, NCLS) < 0.002).float()
    return [logits, targets]


def get_init_inputs():
    return [0.25, 2.0]
