# Chain-planner test problem (not KernelBench): 3-D upsampling to a given size, trilinear with align_corners=True,
# gated by a nearest-exact upsample of the same input (new-user trial 13, x10's class: resampling ops).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.size = size

    def forward(self, x):
        smooth = F.interpolate(x, size=self.size, mode="trilinear", align_corners=True)
        gate = F.interpolate(x, size=self.size, mode="nearest-exact")
        return smooth * torch.sigmoid(gate)


batch_size = 2
channels = 3
depth = 4
height = 5
width = 6


def get_inputs():
    return [torch.randn(batch_size, channels, depth, height, width)]


def get_init_inputs():
    return [(7, 9, 11)]
