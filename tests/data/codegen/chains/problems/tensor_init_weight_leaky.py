# Issue 14 (new-user trial 30 #2, second member): a weight matrix passed as a tensor through get_init_inputs() beside
# a scalar the kernel bakes in (the slope: still guarded); the tensor only fills the parameter.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, w, slope):
        super().__init__()
        self.w = nn.Parameter(w)
        self.slope = slope

    def forward(self, x):
        return F.leaky_relu(x @ self.w, self.slope)


def get_inputs():
    return [torch.randn(128, 96)]


def get_init_inputs():
    return [torch.randn(96, 80), 0.2]
