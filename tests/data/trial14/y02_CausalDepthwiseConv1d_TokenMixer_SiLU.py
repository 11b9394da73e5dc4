import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Mamba-style token mixer: [B, L, C] tokens, causal depthwise conv1d (left pad k-1) over L,
    SiLU, gated by a linear branch, residual."""

    def __init__(self, channels, k):
        super().__init__()
        self.k = k
        self.conv = nn.Conv1d(channels, channels, k, groups=channels, bias=True)
        self.gate = nn.Linear(channels, channels)

    def forward(self, x):
        h = x.transpose(1, 2)                 # [B, C, L]
        h = F.pad(h, (self.k - 1, 0))
        h = F.silu(self.conv(h)).transpose(1, 2)
        return x + h * torch.sigmoid(self.gate(x))


batch = 8
seq = 2048
channels = 512
k = 4


def get_inputs():
    return [torch.randn(batch, seq, channels)]


def get_init_inputs():
    return [channels, k]
