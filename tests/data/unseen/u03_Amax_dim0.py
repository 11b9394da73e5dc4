import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Max values over dim 0."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, x):
        return torch.amax(x, dim=0)

batch_size = 64
dim1 = 128
dim2 = 33

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]

def get_init_inputs():
    return []
