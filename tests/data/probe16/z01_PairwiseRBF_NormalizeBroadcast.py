import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """RBF kernel between L2-normalised query and key sets, written out as a broadcast difference:
    K[b, i, j] = exp(-gamma * ||q_i - k_j||^2), q, k normalised along the feature dim (dim=-1)."""

    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, q, k):
        q = F.normalize(q, p=2.0, dim=-1)
        k = F.normalize(k, p=2.0, dim=-1)
        d2 = (q.unsqueeze(2) - k.unsqueeze(1)).pow(2).sum(dim=-1)
        return torch.exp(-self.gamma * d2)


batch = 8
n_q = 257
n_k = 131
dim = 64


def get_inputs():
    return [torch.randn(batch, n_q, dim), torch.randn(batch, n_k, dim)]


def get_init_inputs():
    return [0.5]
