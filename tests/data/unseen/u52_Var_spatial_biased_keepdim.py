import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Biased variance (unbiased=False) over H and W, keepdim; x scaled by its inverse square root."""
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x):
        v = torch.var(x, dim=(2, 3), unbiased=False, keepdim=True)
        return x * torch.rsqrt(v + 1e-5)

batch_size = 4
channels = 12
height = 17
width = 19

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
