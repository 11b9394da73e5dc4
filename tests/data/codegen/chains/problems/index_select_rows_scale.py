# Chain-planner test problem (not KernelBench): rows of a table picked by an int64 forward() input with
# torch.index_select along dim 0, scaled per feature (new-user trial 13, x08's class: index_select is a gather).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(features) + 0.5)

    def forward(self, table, ids):
        return torch.index_select(table, 0, ids) * self.weight


n_rows = 50
features = 24
n_ids = 70


def get_inputs():
    return [torch.randn(n_rows, features), torch.randint(0, n_rows, (n_ids,))]


def get_init_inputs():
    return [features]
