import torch
import torch.nn as nn


class Model(nn.Module):
    """Causal dilated conv1d (WaveNet style): pad both sides, keep the first T outputs, gated tanh*sigmoid."""

    def __init__(self, ch, k, dil):
        super().__init__()
        self.conv = nn.Conv1d(ch, 2 * ch, k, padding=(k - 1) * dil, dilation=dil)

    def forward(self, x):
        h = self.conv(x)[..., : x.shape[-1]]
        a, b = h.chunk(2, dim=1)
        return torch.tanh(a) * torch.sigmoid(b) + x


def get_inputs():
    return [torch.randn(4, 32, 250)]


def get_init_inputs():
    return [32, 3, 4]
