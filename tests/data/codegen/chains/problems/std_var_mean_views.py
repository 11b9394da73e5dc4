# Chain-planner test problem (not KernelBench): torch.var_mean / std_mean (one op, two outputs) by class (probe16's
# z02): std_mean of a transposed view along its last dim, biased, no keepdim; var_mean over two dims (a negative one)
# with keepdim, feeding a broadcast and a whole sum.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        s, m = torch.std_mean(x.transpose(1, 2), dim=2, correction=0)
        v, m2 = torch.var_mean(x, dim=(0, -1), keepdim=True)
        return s * m + ((x - m2) / (v + 1e-5)).sum(dim=1)


batch = 6
channels = 33
length = 50


def get_inputs():
    return [torch.randn(batch, channels, length) * 2.0 + 0.5]


def get_init_inputs():
    return []
