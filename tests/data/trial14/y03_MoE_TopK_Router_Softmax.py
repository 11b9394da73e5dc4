import torch
import torch.nn as nn


class Model(nn.Module):
    """Mixture-of-experts router: logits = x W^T, softmax over experts, keep the top-k, renormalise
    them, and scatter them back into a dense [tokens, experts] gate matrix (zeros elsewhere)."""

    def __init__(self, dim, experts, k):
        super().__init__()
        self.w = nn.Linear(dim, experts, bias=False)
        self.k = k

    def forward(self, x):
        probs = torch.softmax(self.w(x).float(), dim=-1)
        vals, idx = torch.topk(probs, self.k, dim=-1)
        vals = vals / vals.sum(dim=-1, keepdim=True)
        return torch.zeros_like(probs).scatter(-1, idx, vals)


tokens = 8192
dim = 1024
experts = 64
k = 2


def get_inputs():
    return [torch.randn(tokens, dim)]


def get_init_inputs():
    return [dim, experts, k]
