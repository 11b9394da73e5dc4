import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """MaxPool2d with padding, dilation and ceil_mode."""
    def __init__(self):
        super(Model, self).__init__()
        self.pool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=True)
    def forward(self, x):
        return self.pool(x)

batch_size = 4
channels = 16
height = 33
width = 30

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
