# Session 29 bench problem (not KernelBench): a pointwise chain over three same-shape contiguous 4-D tensors and a
# per-channel bias, read at decoded coordinates by kwb_pointwise: do the decode and the unvectorised reads of the
# same-shape operands cost against torch.compile?
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(1, channels, 1, 1))

    def forward(self, x, gate, res):
        return x * torch.sigmoid(gate + self.bias) + res


def get_inputs():
    return [torch.randn(16, 64, 128, 128), torch.randn(16, 64, 128, 128), torch.randn(16, 64, 128, 128)]


def get_init_inputs():
    return [64]
