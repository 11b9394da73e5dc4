import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear + GELU on an input that get_inputs hands over as a column slice x[:, 1:] (storage offset 1,
    row stride fin + 1)."""

    def __init__(self, fin, fout):
        super().__init__()
        self.fc = nn.Linear(fin, fout)

    def forward(self, x):
        return torch.nn.functional.gelu(self.fc(x))


batch = 64
fin = 255
fout = 130


def get_inputs():
    return [torch.randn(batch, fin + 1)[:, 1:]]


def get_init_inputs():
    return [fin, fout]
