import torch
import torch.nn as nn


class Model(nn.Module):
    """A GEMM followed by logcumsumexp: the chain planner has no logcumsumexp stage (a skeleton that names the
    op; cumsum became a chain stage in session 16, cumprod in session 23; the file keeps its name for the tests)."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = self.linear(x)
        return torch.logcumsumexp(x, dim=1)


batch_size = 64
in_features = 32
out_features = 48


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
