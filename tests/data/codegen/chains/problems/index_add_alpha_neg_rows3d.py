# Chain-planner test problem (not KernelBench): index_add (session 28) along dim 0 of a 3-D tensor with a negative
# alpha into a Linear's output, then a row softmax.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)
        self.register_buffer("idx", torch.tensor([2, 0, 2, 1, 4]))

    def forward(self, x, src):
        return torch.softmax(self.fc(x).index_add(0, self.idx, src, alpha=-2.0), dim=-1)


rows = 6
seq = 3
features = 24


def get_inputs():
    return [torch.randn(rows, seq, features), torch.randn(5, seq, features)]


def get_init_inputs():
    return [features]
