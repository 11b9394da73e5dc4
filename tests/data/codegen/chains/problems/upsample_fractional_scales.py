# Chain-planner test problem (not KernelBench): upsampling by non-integer scale factors (probe 16's z07's class).
# The output size is floor(in * scale) at every input size: the harness's resized cases must not hold it at the
# spec's value (session 28: z07 FAILed its boundary cases on the H200 for that).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = F.interpolate(x, scale_factor=1.5, mode="bilinear", align_corners=False)
        z = F.interpolate(torch.relu(y) * 2.0, scale_factor=(0.5, 2.5), mode="nearest")
        return torch.tanh(z)


batch_size = 2
channels = 3
height = 9
width = 7


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
