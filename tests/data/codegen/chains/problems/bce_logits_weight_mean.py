import torch
import torch.nn as nn
import torch.nn.functional as F

# A second member of trial 19 #6's BCE class: a per-element weight and a per-class pos_weight (a parameter), the
# default mean, over logits large enough (|x| up to ~60) that exp(x) overflows a naive form: the stable
# max(-x, 0) + log1p(exp(-|x|)) is finite.
class Model(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.pos_weight = nn.Parameter(torch.rand(classes) + 0.5)

    def forward(self, logits, target, weight):
        return F.binary_cross_entropy_with_logits(logits * 20.0, target, weight=weight, pos_weight=self.pos_weight)


batch = 64
classes = 120


def get_inputs():
    return [torch.randn(batch, classes), torch.rand(batch, classes), torch.rand(batch, classes)]


def get_init_inputs():
    return [classes]
