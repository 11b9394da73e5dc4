import torch
import torch.nn as nn


class Model(nn.Module):
    """A Linear whose result is scaled per row (s [batch, 1]), shifted per column (shift [1, out]), times a
    Python scalar, then clamped: epilogue tensors broadcast over columns and over rows, and a scalar."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.shift = nn.Parameter(torch.randn(1, out_features))

    def forward(self, x, s, alpha: float):
        y = self.fc(x)
        y = y * s + self.shift
        return torch.clamp(y * alpha, min=-1.0, max=1.0)


batch_size = 64
in_features = 128
out_features = 96


def get_inputs():
    return [torch.randn(batch_size, in_features), torch.randn(batch_size, 1), 0.5]


def get_init_inputs():
    return [in_features, out_features]
