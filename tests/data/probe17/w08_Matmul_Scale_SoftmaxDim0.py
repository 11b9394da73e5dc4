import torch
import torch.nn as nn


class Model(nn.Module):
    """Matmul with a weight matrix, a scalar scale, then softmax over dim 0 (down the batch/rows, i.e. across the
    M dimension of the GEMM instead of along its rows)."""

    def __init__(self, in_features, out_features, scale):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(in_features, out_features) * 0.02)
        self.scale = scale

    def forward(self, x):
        y = torch.matmul(x, self.weight) * self.scale
        return torch.softmax(y, dim=0)


batch = 512
in_features = 1024
out_features = 2048


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features, 0.5]
