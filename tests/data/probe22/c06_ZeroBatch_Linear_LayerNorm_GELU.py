import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """An empty batch (B = 0): Linear, LayerNorm, GELU. The output is empty; nothing should fail or divide by zero."""

    def __init__(self, fin, fout):
        super().__init__()
        self.fc = nn.Linear(fin, fout)
        self.ln = nn.LayerNorm(fout)

    def forward(self, x):
        return F.gelu(self.ln(self.fc(x)))


def get_inputs():
    return [torch.randn(0, 1024)]


def get_init_inputs():
    return [1024, 512]
