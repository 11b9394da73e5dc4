# Chain-planner test problem (not KernelBench): new-user trial 13's x07 at reduced sizes: a focal loss on a
# label-smoothed cross entropy (reduction='none': log_softmax, nll_loss_forward, an index_put_ of the ignore mask).
# No chain stage for nll_loss yet: the test checks the reason.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, alpha, gamma, smoothing):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma
        self.smoothing = smoothing

    def forward(self, logits, target):
        ce = F.cross_entropy(logits, target, reduction="none", label_smoothing=self.smoothing)
        pt = torch.exp(-ce)
        return (self.alpha * (1.0 - pt) ** self.gamma * ce).mean()


n_samples = 64
n_classes = 10


def get_inputs():
    return [torch.randn(n_samples, n_classes), torch.randint(0, n_classes, (n_samples,))]


def get_init_inputs():
    return [0.25, 2.0, 0.1]
