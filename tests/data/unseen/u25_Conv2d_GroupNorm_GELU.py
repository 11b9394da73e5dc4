import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv2d, GroupNorm, GELU."""
    def __init__(self, cin, cout, k, groups):
        super(Model, self).__init__()
        self.conv = nn.Conv2d(cin, cout, k)
        self.gn = nn.GroupNorm(groups, cout)
    def forward(self, x):
        x = self.conv(x)
        x = self.gn(x)
        return F.gelu(x)

batch_size = 4
height = 24
width = 24
cin, cout, k, groups = 8, 32, 3, 8

def get_inputs():
    return [torch.randn(batch_size, cin, height, width)]

def get_init_inputs():
    return [cin, cout, k, groups]
