import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """InstanceNorm1d with affine params."""
    def __init__(self, channels):
        super(Model, self).__init__()
        self.inorm = nn.InstanceNorm1d(channels, affine=True)
    def forward(self, x):
        return self.inorm(x)

batch_size = 8
channels = 32
length = 120

def get_inputs():
    return [torch.randn(batch_size, channels, length)]

def get_init_inputs():
    return [channels]
