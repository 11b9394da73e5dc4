# Chain-planner test problem (not KernelBench): new-user trial 13's x12 at reduced sizes: conv -> SELU -> LPPool2d
# (p=2: sign(x) * relu(|x|) of an avg pool of x^2) -> ELU(0.5) -> AdaptiveAvgPool2d(7) -> Mish.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 5, stride=2, padding=2)
        self.pool = nn.LPPool2d(2, 3, stride=2)
        self.avg = nn.AdaptiveAvgPool2d((7, 7))

    def forward(self, x):
        x = F.selu(self.conv(x))
        x = F.elu(self.pool(x), alpha=0.5)
        return F.mish(self.avg(x))


batch_size = 2
in_channels = 3
out_channels = 6
height = 40
width = 36


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
