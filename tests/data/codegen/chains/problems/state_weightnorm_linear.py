# A weight-normalised linear (torch.nn.utils.weight_norm written out): w = g * v / ||v|| per output row, computed from
# parameters alone, then the GEMM. The normalised weight depends on no input: kept on the model per the parameters'
# versions (issue 14, session 41), not computed per call.
import torch
import torch.nn as nn
import torch.nn.functional as F

batch, K, N = 48, 96, 80


class Model(nn.Module):
    def __init__(self, k, n):
        super().__init__()
        self.v = nn.Parameter(torch.randn(n, k))
        self.g = nn.Parameter(torch.rand(n) + 0.5)
        self.b = nn.Parameter(torch.randn(n) * 0.1)

    def forward(self, x):
        w = self.g[:, None] * self.v / self.v.norm(dim=1, keepdim=True)
        return torch.relu(F.linear(x, w, self.b))


def get_inputs():
    return [torch.randn(batch, K)]


def get_init_inputs():
    return [K, N]
