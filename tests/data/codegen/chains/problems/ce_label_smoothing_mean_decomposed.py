# Chain-planner test problem (not KernelBench): trial 27's 04_ (F.cross_entropy(logits, target, label_smoothing=0.1),
# mean; issue 14, session 41) written as torch 2.x's aten decomposes it (cross_entropy_loss_label_smoothing), since
# torch 1.13 traces the mean through masked_select: log_softmax, nll_loss (mean), -logp.sum(1) masked where the target
# is ignored, its sum over the kept rows' count, (1 - eps) * nll + eps / C * that.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, smoothing):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits, target):
        logp = F.log_softmax(logits, 1)
        nll = F.nll_loss(logp, target)
        ignore = target == -100
        smooth = (-logp.sum(1)).masked_fill(ignore, 0.0)
        ret = smooth.sum() / (~ignore).sum()
        return (1.0 - self.smoothing) * nll + ret * (self.smoothing / logits.shape[1])


batch = 64
classes = 3000


def get_inputs():
    return [torch.randn(batch, classes), torch.randint(0, classes, (batch,))]


def get_init_inputs():
    return [0.1]
