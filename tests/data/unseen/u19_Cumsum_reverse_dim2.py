import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Reverse cumsum via flip over dim 2."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, x):
        return torch.flip(torch.cumsum(torch.flip(x, [2]), dim=2), [2])

batch_size = 8
dim1 = 16
dim2 = 64

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]

def get_init_inputs():
    return []
