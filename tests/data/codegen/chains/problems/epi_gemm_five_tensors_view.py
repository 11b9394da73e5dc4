import torch
import torch.nn as nn


class Model(nn.Module):
    """A run after a GEMM that reads five tensors, the fifth a parameter viewed inside the run: one epilogue takes
    four, so the run is cut where the view used to cut it (the four adds fused, the subtraction a launch of its own),
    not into one launch per op."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.p = nn.Parameter(torch.randn(out_features))

    def forward(self, x, a, b, c, d):
        y = self.fc(x) + a + b + c + d
        return y - self.p.view(1, -1)


batch_size = 12
in_features = 20
out_features = 24


def get_inputs():
    return [torch.randn(batch_size, in_features)] + [torch.randn(batch_size, out_features) for _ in range(4)]


def get_init_inputs():
    return [in_features, out_features]
