import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """GroupNorm over a [N, C, L] input."""
    def __init__(self, groups, channels):
        super(Model, self).__init__()
        self.gn = nn.GroupNorm(groups, channels)
    def forward(self, x):
        return self.gn(x)

batch_size = 8
channels = 48
groups = 6
length = 100

def get_inputs():
    return [torch.randn(batch_size, channels, length)]

def get_init_inputs():
    return [groups, channels]
