import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv3d with groups and stride 2, no bias."""
    def __init__(self):
        super(Model, self).__init__()
        self.conv = nn.Conv3d(16, 32, kernel_size=3, stride=2, padding=1, groups=2, bias=False)
    def forward(self, x):
        return self.conv(x)

batch_size = 2
depth = 12
height = 20
width = 20

def get_inputs():
    return [torch.randn(batch_size, 16, depth, height, width)]

def get_init_inputs():
    return []
