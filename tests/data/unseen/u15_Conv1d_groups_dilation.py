import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv1d with groups and dilation."""
    def __init__(self):
        super(Model, self).__init__()
        self.conv = nn.Conv1d(32, 64, kernel_size=5, stride=1, padding=4, dilation=2, groups=4)
    def forward(self, x):
        return self.conv(x)

batch_size = 8
length = 128

def get_inputs():
    return [torch.randn(batch_size, 32, length)]

def get_init_inputs():
    return []
