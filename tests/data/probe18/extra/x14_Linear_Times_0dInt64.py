import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear, times a 0-d int64 tensor input (type promotion keeps float32), plus 1, tanh."""

    def __init__(self, fin, fout):
        super().__init__()
        self.fc = nn.Linear(fin, fout)

    def forward(self, x, k):
        return torch.tanh(self.fc(x) * k + 1)


batch = 64
fin = 256
fout = 192


def get_inputs():
    return [torch.randn(batch, fin), torch.tensor(3, dtype=torch.int64)]


def get_init_inputs():
    return [fin, fout]
