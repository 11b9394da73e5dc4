import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """AvgPool2d kernel 3, stride 2, padding 1, ceil_mode, count_include_pad False."""
    def __init__(self):
        super(Model, self).__init__()
        self.pool = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
    def forward(self, x):
        return self.pool(x)

batch_size = 4
channels = 8
height = 21
width = 18

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
