import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """AvgPool2d with padding and count_include_pad=False."""
    def __init__(self):
        super(Model, self).__init__()
        self.pool = nn.AvgPool2d(kernel_size=3, stride=2, padding=1, count_include_pad=False)
    def forward(self, x):
        return self.pool(x)

batch_size = 4
channels = 16
height = 31
width = 28

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
