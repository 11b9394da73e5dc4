import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(256, 384)

    def forward(self, x):
        y = self.fc(x)
        v, i = torch.cummax(y, dim=1)
        return v + i.to(y.dtype) * 0.01


batch = 64


def get_inputs():
    return [torch.randn(batch, 256)]


def get_init_inputs():
    return []
