import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Mixture of experts with a top-2 router, computed densely: gate logits, softmax, top-2 renormalised,
    one_hot of the chosen experts times their weights summed into a [T, E] gate matrix; every expert's FFN
    (stacked weights, GELU) by einsum, combined by the gates."""

    def __init__(self, d_model, d_ff, experts):
        super().__init__()
        self.experts = experts
        self.gate = nn.Linear(d_model, experts, bias=False)
        self.w1 = nn.Parameter(torch.randn(experts, d_model, d_ff) * d_model ** -0.5)
        self.w2 = nn.Parameter(torch.randn(experts, d_ff, d_model) * d_ff ** -0.5)

    def forward(self, x):
        probs = torch.softmax(self.gate(x), dim=-1)
        topv, topi = torch.topk(probs, 2, dim=-1)
        topv = topv / topv.sum(dim=-1, keepdim=True)
        gates = (F.one_hot(topi, self.experts).to(x.dtype) * topv.unsqueeze(-1)).sum(dim=-2)
        h = F.gelu(torch.einsum("td,edf->tef", x, self.w1))
        y = torch.einsum("tef,efd->ted", h, self.w2)
        return torch.einsum("te,ted->td", gates, y)


tokens = 512
d_model = 256
d_ff = 512


def get_inputs():
    return [torch.randn(tokens, d_model)]


def get_init_inputs():
    return [d_model, d_ff, 8]
