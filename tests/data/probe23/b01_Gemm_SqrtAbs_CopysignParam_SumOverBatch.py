import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear, sqrt(|y|) with the sign of a per-feature parameter (torch.copysign), summed over the batch (dim 0)."""

    def __init__(self, fin, fout):
        super().__init__()
        self.fc = nn.Linear(fin, fout)
        self.sign_src = nn.Parameter(torch.randn(fout))

    def forward(self, x):
        y = self.fc(x)
        return torch.copysign(torch.sqrt(y.abs()), self.sign_src).sum(dim=0)


batch = 512
fin = 256
fout = 192


def get_inputs():
    return [torch.randn(batch, fin)]


def get_init_inputs():
    return [fin, fout]
