import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A float64 model (scientific code): parameters cast with .double() in __init__, float64 inputs; Linear,
    softplus, row-normalised."""

    def __init__(self, fin, fout):
        super().__init__()
        self.fc = nn.Linear(fin, fout).double()

    def forward(self, x):
        y = F.softplus(self.fc(x))
        return y / y.sum(dim=-1, keepdim=True)


def get_inputs():
    return [torch.randn(1024, 512, dtype=torch.float64)]


def get_init_inputs():
    return [512, 768]
