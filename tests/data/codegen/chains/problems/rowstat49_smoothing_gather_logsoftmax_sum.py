# Chain-planner test problem (not KernelBench; issue 14, session 49, rowstat49): label smoothing written by hand over
# a temperature-scaled log_softmax, the target's log-probability gathered along dim 1, summed over the batch (not a
# mean), a class count that is no power of two.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, eps, temperature):
        super().__init__()
        self.eps = eps
        self.t = temperature

    def forward(self, logits, target):
        logp = torch.log_softmax(logits * (1.0 / self.t), dim=1)
        nll = -logp.gather(1, target.unsqueeze(1)).squeeze(1)
        smooth = -logp.mean(dim=1)
        return ((1.0 - self.eps) * nll + self.eps * smooth).sum()


batch = 37
classes = 1531


def get_inputs():
    return [torch.randn(batch, classes), torch.randint(0, classes, (batch,))]


def get_init_inputs():
    return [0.1, 1.5]
