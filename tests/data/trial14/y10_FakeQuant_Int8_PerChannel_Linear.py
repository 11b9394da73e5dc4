import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Weight-only int8 fake quantisation: per-output-channel absmax scale, round, clamp to
    [-128, 127], dequantise, then the linear layer with the dequantised weight."""

    def __init__(self, fin, fout):
        super().__init__()
        self.lin = nn.Linear(fin, fout)

    def forward(self, x):
        w = self.lin.weight
        scale = w.abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / 127.0
        q = torch.clamp(torch.round(w / scale), -128, 127)
        return F.linear(x, q * scale, self.lin.bias)


batch = 2048
fin = 2048
fout = 4096


def get_inputs():
    return [torch.randn(batch, fin)]


def get_init_inputs():
    return [fin, fout]
