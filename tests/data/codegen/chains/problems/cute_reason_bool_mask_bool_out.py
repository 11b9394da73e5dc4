# Chain-planner test problem (not KernelBench): a CuTe DSL refusal that names the user's input (session 39, cute39): a
# bool mask and a comparison give a bool output, which the stage set's chain would store as fp32, so the CuTe DSL
# keeps its elementwise template's reason, in forward()'s words ("input mask is a bool tensor"); Triton renders it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        return mask & (x > 0.0)


def get_inputs():
    return [torch.randn(3, 10), torch.rand(3, 10) > 0.5]


def get_init_inputs():
    return []
