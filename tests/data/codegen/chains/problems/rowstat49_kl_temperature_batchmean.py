# Chain-planner test problem (not KernelBench; issue 14, session 49, rowstat49): a temperature-scaled distillation KL
# divergence over a vocabulary that is no power of two, both distributions from logits (log_softmax of the student,
# softmax of the teacher), batchmean, times T^2. Every softmax is read only through row sums of pointwise runs.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.t = temperature

    def forward(self, student, teacher):
        logq = F.log_softmax(student / self.t, dim=-1)
        p = F.softmax(teacher / self.t, dim=-1)
        return F.kl_div(logq, p, reduction="batchmean") * (self.t * self.t)


batch = 48
vocab = 1000


def get_inputs():
    return [torch.randn(batch, vocab), torch.randn(batch, vocab)]


def get_init_inputs():
    return [2.5]
