# Chain-planner test problem (not KernelBench): an all-pointwise graph with a bool forward() input (session 39, cute39):
# the CuTe DSL's elementwise template reads float tensors only, so this was a CuTe DSL skeleton ("input mask is a bool
# tensor") while Triton rendered it; the stage set's kwb_pointwise reads the mask as 0 / 1.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        return x.masked_fill(mask, 0.0) * 2.0


def get_inputs():
    return [torch.randn(6, 40), torch.rand(6, 40) > 0.5]


def get_init_inputs():
    return []
