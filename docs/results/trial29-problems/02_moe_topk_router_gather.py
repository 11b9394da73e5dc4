# Mixture-of-experts FFN (dense dispatch, as a reference): router logits -> top-2 -> renormalised gate
# weights; every expert's output computed by einsum, the top-2 gathered per token and blended.
import torch
import torch.nn as nn

T, Dm, Hd, E, K = 512, 256, 512, 8, 2


class Model(nn.Module):
    def __init__(self, d_model, d_hidden, n_experts, k):
        super().__init__()
        self.k = k
        self.router = nn.Linear(d_model, n_experts, bias=False)
        self.w1 = nn.Parameter(torch.randn(n_experts, d_model, d_hidden) * d_model ** -0.5)
        self.w2 = nn.Parameter(torch.randn(n_experts, d_hidden, d_model) * d_hidden ** -0.5)

    def forward(self, x):                                          # x [T, D]
        logits = self.router(x)                                    # [T, E]
        topv, topi = torch.topk(logits, self.k, dim=-1)            # [T, k]
        gates = torch.softmax(topv, dim=-1)                        # [T, k]
        h = torch.relu(torch.einsum('td,edh->teh', x, self.w1))    # [T, E, H]
        y = torch.einsum('teh,ehd->ted', h, self.w2)               # [T, E, D]
        sel = torch.gather(y, 1, topi.unsqueeze(-1).expand(-1, -1, y.shape[-1]))  # [T, k, D]
        return (sel * gates.unsqueeze(-1)).sum(1)                  # [T, D]


def get_inputs():
    return [torch.randn(T, Dm)]


def get_init_inputs():
    return [Dm, Hd, E, K]
