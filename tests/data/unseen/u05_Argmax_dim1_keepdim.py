import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Argmax over dim 1, keepdim."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, x):
        return torch.argmax(x, dim=1, keepdim=True)

batch_size = 16
dim1 = 80
dim2 = 48

def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]

def get_init_inputs():
    return []
