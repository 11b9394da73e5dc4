# Chain-planner test problem (not KernelBench): F.cosine_embedding_loss (session 28) of a Linear's output against a
# forward() input, a negative margin, reduction="sum", then a scale.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)

    def forward(self, x, y, t):
        return F.cosine_embedding_loss(self.fc(x), y, t, margin=-0.1, reduction="sum") * 0.5


batch = 11
features = 24


def get_inputs():
    return [torch.randn(batch, features), torch.randn(batch, features), torch.randint(0, 2, (batch,)) * 2 - 1]


def get_init_inputs():
    return [features]
