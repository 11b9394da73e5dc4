import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Binary focal loss (RetinaNet), mean over all elements."""

    def __init__(self, alpha, gamma):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, logits, targets):
        p = torch.sigmoid(logits)
        ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
        p_t = p * targets + (1 - p) * (1 - targets)
        a_t = self.alpha * targets + (1 - self.alpha) * (1 - targets)
        return (a_t * (1 - p_t) ** self.gamma * ce).mean()


N, K = 4096, 80


def get_inputs():
    return [torch.randn(N, K), (torch.rand(N, K) > 0.9).float()]


def get_init_inputs():
    return [0.25, 2.0]
