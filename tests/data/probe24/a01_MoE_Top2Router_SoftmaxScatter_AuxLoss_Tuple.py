import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Switch/GShard-style top-2 MoE router: gate logits = x Wg (no bias), softmax over experts, top-2,
    renormalised, scattered back into dense [T, E] combine weights; load-balancing aux loss
    E * sum_e(mean_t(probs) * fraction of tokens whose top-1 is e). Returns (combine, aux)."""

    def __init__(self, hidden, experts):
        super().__init__()
        self.gate = nn.Linear(hidden, experts, bias=False)
        self.experts = experts

    def forward(self, x):
        logits = self.gate(x)
        probs = torch.softmax(logits, dim=-1)
        topv, topi = torch.topk(probs, 2, dim=-1)
        topv = topv / topv.sum(dim=-1, keepdim=True)
        combine = torch.zeros_like(probs).scatter(-1, topi, topv)
        top1 = F.one_hot(topi[:, 0], self.experts).float()
        aux = self.experts * (probs.mean(dim=0) * top1.mean(dim=0)).sum()
        return combine, aux


tokens = 4096
hidden = 1024
experts = 8


def get_inputs():
    return [torch.randn(tokens, hidden)]


def get_init_inputs():
    return [hidden, experts]
