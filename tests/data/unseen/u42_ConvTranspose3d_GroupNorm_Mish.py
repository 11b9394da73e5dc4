import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """ConvTranspose3d (stride 2), GroupNorm, Mish."""
    def __init__(self, cin, cout, groups):
        super(Model, self).__init__()
        self.deconv = nn.ConvTranspose3d(cin, cout, 3, stride=2, padding=1, output_padding=1)
        self.gn = nn.GroupNorm(groups, cout)
    def forward(self, x):
        return F.mish(self.gn(self.deconv(x)))

batch_size = 2
depth = 6
height = 6
width = 6
cin, cout, groups = 8, 16, 4

def get_inputs():
    return [torch.randn(batch_size, cin, depth, height, width)]

def get_init_inputs():
    return [cin, cout, groups]
