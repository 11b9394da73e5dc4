import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Softmax over dim 2 (height) of NCHW."""
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x):
        return torch.softmax(x, dim=2)

batch_size = 4
channels = 8
height = 30
width = 20

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
