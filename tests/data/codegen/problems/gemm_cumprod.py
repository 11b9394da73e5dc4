import torch
import torch.nn as nn


class Model(nn.Module):
    """A GEMM followed by torch.special.i0 (the modified Bessel function): no lowering has it, a skeleton that names
    the op (cumsum became a chain stage in session 16, cumprod in session 23, logcumsumexp in session 27; the file
    keeps its name for the tests)."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = self.linear(x)
        return torch.special.i0(x)


batch_size = 64
in_features = 32
out_features = 48


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
