import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """MaxPool1d kernel 4, stride 3, ceil_mode."""
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x):
        return F.max_pool1d(x, 4, stride=3, ceil_mode=True)

batch_size = 8
channels = 16
length = 100

def get_inputs():
    return [torch.randn(batch_size, channels, length)]

def get_init_inputs():
    return []
