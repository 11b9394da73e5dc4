# Session 28 bench problem (not KernelBench): LayerNorm over the last dim, then a residual and a relu in its
# epilogue (an epilogue reading a tensor: the row decode's SLOT 4 case).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d)

    def forward(self, x, res):
        return torch.relu(self.ln(x) + res)


def get_inputs():
    return [torch.randn(32, 512, 768), torch.randn(32, 512, 768)]


def get_init_inputs():
    return [768]
