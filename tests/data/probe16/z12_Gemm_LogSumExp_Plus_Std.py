import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear layer whose output feeds two different row reductions: out = logsumexp(y, -1) + std(y, -1)
    (both keepdim), y = x W^T + b."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        y = self.fc(x)
        return torch.logsumexp(y, dim=-1, keepdim=True) + torch.std(y, dim=-1, keepdim=True)


batch = 4096
in_features = 1024
out_features = 997


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features]
