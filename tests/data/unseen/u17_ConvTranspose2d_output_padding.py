import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """ConvTranspose2d with stride 2 and output_padding 1."""
    def __init__(self):
        super(Model, self).__init__()
        self.conv = nn.ConvTranspose2d(16, 24, kernel_size=3, stride=2, padding=1, output_padding=1)
    def forward(self, x):
        return self.conv(x)

batch_size = 4
height = 18
width = 20

def get_inputs():
    return [torch.randn(batch_size, 16, height, width)]

def get_init_inputs():
    return []
