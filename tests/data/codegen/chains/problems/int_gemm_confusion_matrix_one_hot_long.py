import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """An integer GEMM's second form: a confusion matrix as one_hot(pred)^T @ one_hot(target) in int64 (counts),
    normalised per row."""

    def __init__(self, classes):
        super().__init__()
        self.classes = classes

    def forward(self, logits, target):  # logits [n, classes], target int64 [n]
        pred = logits.argmax(dim=1)
        cm = F.one_hot(pred, self.classes).t() @ F.one_hot(target, self.classes)
        return cm.float() / cm.sum(dim=1, keepdim=True).clamp(min=1).float()


n = 256
classes = 10


def get_inputs():
    return [torch.randn(n, classes), torch.randint(0, classes, (n,))]


def get_init_inputs():
    return [classes]
