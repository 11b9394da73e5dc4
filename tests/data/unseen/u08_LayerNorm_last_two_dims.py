import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """LayerNorm over the last two dims."""
    def __init__(self, shape):
        super(Model, self).__init__()
        self.ln = nn.LayerNorm(shape)
    def forward(self, x):
        return self.ln(x)

batch_size = 8
channels = 16
dim1 = 24
dim2 = 20

def get_inputs():
    return [torch.randn(batch_size, channels, dim1, dim2)]

def get_init_inputs():
    return [(dim1, dim2)]
