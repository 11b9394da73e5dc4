import torch
import torch.nn as nn


class Model(nn.Module):
    """Two reductions that must NOT merge as siblings: the loss summed per class (dim 0) over the positives counted
    over every element. Their dims differ, so the per-class sum stays a reduction over rows and the count a
    whole-tensor reduction (issue 14, session 42, sib42); the loss's run is still the per-class sum's prologue."""

    def forward(self, logits, targets):
        loss = torch.nn.functional.softplus(-logits) * targets + torch.nn.functional.softplus(logits) * (1 - targets)
        return loss.sum(dim=0) / targets.sum().clamp(min=1.0)


anchors = 200
classes = 12


def get_inputs():
    return [torch.randn(anchors, classes), (torch.rand(anchors, classes) < 0.1).float()]


def get_init_inputs():
    return []
