import torch
import torch.nn as nn
import torch.nn.functional as F

# Small real model: a top-2 mixture-of-experts layer computed densely. Router softmax, top-2 with renormalised
# weights, a dense combine mask (scatter of the top-k weights), every expert's MLP via einsum, weighted sum.
class Model(nn.Module):
    def __init__(self, d, h, n_exp, k):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d, n_exp, bias=False)
        self.w1 = nn.Parameter(torch.randn(n_exp, d, h) * d ** -0.5)
        self.w2 = nn.Parameter(torch.randn(n_exp, h, d) * h ** -0.5)

    def forward(self, x):
        probs = F.softmax(self.router(x), dim=-1)             # (T, E)
        topv, topi = probs.topk(self.k, dim=-1)                # (T, k)
        topv = topv / topv.sum(dim=-1, keepdim=True)
        combine = torch.zeros_like(probs).scatter(-1, topi, topv)  # (T, E)
        h = F.silu(torch.einsum("td,edh->teh", x, self.w1))    # (T, E, H)
        y = torch.einsum("teh,ehd->ted", h, self.w2)           # (T, E, D)
        return torch.einsum("te,ted->td", combine, y)

def get_inputs():
    return [torch.randn(100, 64)]

def get_init_inputs():
    return [64, 96, 6, 2]
