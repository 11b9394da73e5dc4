import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv2d, flattened per sample, then a softmax over each channel's spatial positions (a spatial attention
    map): the view back to (B, C, H*W) splits C*H*W where only H*W follows the input's size."""
    def __init__(self, in_channels, out_channels, kernel_size):
        super(Model, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=kernel_size // 2)
    def forward(self, x):
        y = self.conv(x)
        z = torch.sigmoid(y.flatten(1))
        z = z.view(y.shape[0], y.shape[1], y.shape[2] * y.shape[3])
        return torch.softmax(z, dim=2)

batch_size = 4
in_channels = 3
out_channels = 16
kernel_size = 3
height = 20
width = 24

def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]

def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
