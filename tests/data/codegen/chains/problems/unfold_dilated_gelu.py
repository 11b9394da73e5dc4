# Chain-planner test problem (not KernelBench): F.unfold with a rectangular kernel, dilation, asymmetric padding
# and stride, then a pointwise run (GELU minus a scaled tanh) applied in the unfold's own launch (probe 16's z05's
# class: im2col, beside z05's 3x3 / stride 2 unfold read by a Linear).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, slope):
        super().__init__()
        self.slope = slope

    def forward(self, x):
        cols = F.unfold(x, kernel_size=(2, 3), dilation=(2, 1), padding=(1, 0), stride=(1, 2))
        return F.gelu(cols) - self.slope * torch.tanh(cols)


batch_size = 3
channels = 5
height = 11
width = 14


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [0.25]
