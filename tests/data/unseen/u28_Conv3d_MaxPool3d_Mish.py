import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv3d, MaxPool3d, Mish."""
    def __init__(self, cin, cout):
        super(Model, self).__init__()
        self.conv = nn.Conv3d(cin, cout, 3, padding=1)
        self.pool = nn.MaxPool3d(2)
    def forward(self, x):
        return F.mish(self.pool(self.conv(x)))

batch_size = 2
depth = 8
height = 16
width = 16
cin, cout = 4, 16

def get_inputs():
    return [torch.randn(batch_size, cin, depth, height, width)]

def get_init_inputs():
    return [cin, cout]
