import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """ConvTranspose1d with groups and output_padding."""
    def __init__(self):
        super(Model, self).__init__()
        self.conv = nn.ConvTranspose1d(24, 12, kernel_size=4, stride=3, padding=1, output_padding=2, groups=3)
    def forward(self, x):
        return self.conv(x)

batch_size = 4
length = 50

def get_inputs():
    return [torch.randn(batch_size, 24, length)]

def get_init_inputs():
    return []
