# Chain-planner test problem (not KernelBench): p-norms at a small size (session 34, cute34): F.normalize with p = 2
# over dim 1 of NCHW (unseen u38's class), a middle dim of 37 (two lanes' worth a warp); the CuTe DSL's kwb_pnorm
# (kwb_reduce's row kernel with x * x on load) and the pointwise division.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.normalize(x, p=2.0, dim=1)


def get_inputs():
    return [torch.randn(2, 37, 3, 5)]


def get_init_inputs():
    return []
