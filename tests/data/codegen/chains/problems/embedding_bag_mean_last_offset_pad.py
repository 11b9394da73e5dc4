# Chain-planner test problem (not KernelBench): F.embedding_bag in mean mode over variable-length bags with
# include_last_offset and a padding_idx, then a scale (probe 16's z06's class: z06 sums with per-sample weights).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, num_embeddings, dim):
        super().__init__()
        self.table = nn.Parameter(torch.randn(num_embeddings, dim))

    def forward(self, ids, offsets):
        pooled = F.embedding_bag(ids, self.table, offsets, mode="mean", include_last_offset=True, padding_idx=3)
        return pooled * 2.0


num_embeddings = 50
dim = 40
n_bags = 9
n_ids = 57


def get_inputs():
    ids = torch.randint(0, num_embeddings, (n_ids,))
    ids[::5] = 3  # padding entries
    cuts = torch.sort(torch.randint(0, n_ids + 1, (n_bags - 1,))).values
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), cuts, torch.tensor([n_ids])])
    return [ids, offsets]


def get_init_inputs():
    return [num_embeddings, dim]
