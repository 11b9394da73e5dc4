# Session 29 bench problem (not KernelBench): a pointwise chain over three same-shape contiguous 4-D tensors, read
# at decoded coordinates by kwb_pointwise: does the decode and the unvectorised read cost show against torch.compile?
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, gate, res):
        return x * torch.sigmoid(gate) + res


def get_inputs():
    return [torch.randn(16, 64, 128, 128), torch.randn(16, 64, 128, 128), torch.randn(16, 64, 128, 128)]


def get_init_inputs():
    return []
