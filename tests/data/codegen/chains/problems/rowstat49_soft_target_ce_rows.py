# Chain-planner test problem (not KernelBench; issue 14, session 49, rowstat49): soft-target cross entropy per row
# (-(softmax(t) * log_softmax(s)).sum(-1)) plus an entropy bonus of the student (-(p_s * log p_s).sum(-1)), returned
# per row ([B] losses, no batch mean), over a 3-D input whose rows are the last dim (odd length).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, beta):
        super().__init__()
        self.beta = beta

    def forward(self, s, t):
        logp = F.log_softmax(s, dim=-1)
        ce = -(F.softmax(t, dim=-1) * logp).sum(-1)
        ent = -(logp.exp() * logp).sum(-1)
        return ce - self.beta * ent


batch = 6
seq = 10
classes = 301


def get_inputs():
    return [torch.randn(batch, seq, classes), torch.randn(batch, seq, classes)]


def get_init_inputs():
    return [0.05]
