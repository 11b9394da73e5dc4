import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Sum over dims (1, 2) with keepdim."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, x):
        return torch.sum(x, dim=(1, 2), keepdim=True)

batch_size = 16
dim1 = 64
dim2 = 48
dim3 = 40

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2, dim3)]

def get_init_inputs():
    return []
