import torch
import torch.nn as nn

# New-user trial 19 #6 (topk_route): a mixture-of-experts router that returns (weights, indices). forward() returns a
# tuple: both outputs are launches' results (the renormalised top-k probabilities, kwb_topk's int64 indices).
class Model(nn.Module):
    """Top-k router: softmax over the experts' logits, the k largest renormalised, with their expert indices."""
    def __init__(self, d_model, n_experts, k):
        super().__init__()
        self.gate = nn.Linear(d_model, n_experts, bias=False)
        self.k = k

    def forward(self, x):
        probs = torch.softmax(self.gate(x), dim=-1)
        weights, indices = torch.topk(probs, self.k, dim=-1)
        weights = weights / weights.sum(dim=-1, keepdim=True)
        return weights, indices


tokens = 512
d_model = 256
n_experts = 16
k = 2


def get_inputs():
    return [torch.randn(tokens, d_model)]


def get_init_inputs():
    return [d_model, n_experts, k]
