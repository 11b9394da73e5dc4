# Chain-planner test problem (not KernelBench): bicubic upsampling to a given size with align_corners=True, then a
# sigmoid (probe 16's z07's class: z07 resizes by a non-integer scale factor with align_corners=False).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.size = size

    def forward(self, x):
        y = F.interpolate(x, size=self.size, mode="bicubic", align_corners=True)
        return torch.sigmoid(y) - 0.5


batch_size = 2
channels = 3
height = 9
width = 7


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [(20, 13)]
