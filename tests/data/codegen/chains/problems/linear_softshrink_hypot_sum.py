# Chain-planner test problem (not KernelBench): softshrink and hypot (session 28) in a chain: a Linear's epilogue, then
# hypot against a parameter as the row sum's prologue.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, features, out_features):
        super().__init__()
        self.fc = nn.Linear(features, out_features)
        self.scale = nn.Parameter(torch.randn(out_features))

    def forward(self, x):
        y = F.softshrink(self.fc(x), 0.25)
        return torch.hypot(y, self.scale).sum(dim=-1)


batch = 9
features = 40
out_features = 33


def get_inputs():
    return [torch.randn(batch, features)]


def get_init_inputs():
    return [features, out_features]
