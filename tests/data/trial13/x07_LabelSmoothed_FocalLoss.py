import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Multi-class focal loss on top of a label-smoothed cross entropy: ce = CE(logits, target, smoothing),
    pt = exp(-ce), loss = mean(alpha * (1 - pt)^gamma * ce). Returns a scalar."""

    def __init__(self, alpha, gamma, smoothing):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma
        self.smoothing = smoothing

    def forward(self, logits, target):
        ce = F.cross_entropy(logits, target, reduction="none", label_smoothing=self.smoothing)
        pt = torch.exp(-ce)
        return (self.alpha * (1.0 - pt) ** self.gamma * ce).mean()


n_samples = 8192
n_classes = 1000


def get_inputs():
    return [torch.randn(n_samples, n_classes), torch.randint(0, n_classes, (n_samples,))]


def get_init_inputs():
    return [0.25, 2.0, 0.1]
