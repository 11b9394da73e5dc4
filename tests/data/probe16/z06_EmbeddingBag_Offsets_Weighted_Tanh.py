import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Recommender feature pooling: F.embedding_bag over a flat id list with offsets (variable-length bags),
    mode='sum' with per-sample weights, then tanh."""

    def __init__(self, n_items, dim):
        super().__init__()
        self.table = nn.Parameter(torch.randn(n_items, dim) * 0.1)

    def forward(self, ids, offsets, weights):
        pooled = F.embedding_bag(ids, self.table, offsets, mode="sum", per_sample_weights=weights)
        return torch.tanh(pooled)


n_items = 100003
dim = 128
n_bags = 4096
n_ids = 4096 * 20


def get_inputs():
    ids = torch.randint(0, n_items, (n_ids,))
    cuts = torch.sort(torch.randint(0, n_ids + 1, (n_bags - 1,))).values
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), cuts])
    return [ids, offsets, torch.rand(n_ids)]


def get_init_inputs():
    return [n_items, dim]
