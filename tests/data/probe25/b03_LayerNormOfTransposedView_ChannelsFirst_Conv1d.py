import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Conv1d, then F.layer_norm over channels of the transposed view (x.transpose(1, 2): the normalised
    dim has stride L), transposed back, GELU, then a second LayerNorm over (C, L) jointly with no affine."""

    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=1)
        self.w = nn.Parameter(torch.rand(c) + 0.5)
        self.b = nn.Parameter(torch.randn(c) * 0.1)

    def forward(self, x):  # [batch, c, length]
        y = self.conv(x).transpose(1, 2)
        y = F.layer_norm(y, (y.shape[-1],), self.w, self.b).transpose(1, 2)
        y = F.gelu(y)
        return F.layer_norm(y, y.shape[1:])


batch = 8
c = 96
length = 300


def get_inputs():
    return [torch.randn(batch, c, length)]


def get_init_inputs():
    return [c]
