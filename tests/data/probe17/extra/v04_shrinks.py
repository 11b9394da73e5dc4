import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(256, 384)

    def forward(self, x):
        y = self.fc(x)
        y = F.threshold(y, 0.1, -1.0)
        y = F.softshrink(y, lambd=0.3) + F.hardshrink(y, lambd=0.2)
        return F.celu(y, alpha=0.7)


batch = 64


def get_inputs():
    return [torch.randn(batch, 256)]


def get_init_inputs():
    return []
