import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Softmax over dim 0."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, x):
        return torch.softmax(x, dim=0)

batch_size = 96
dim = 200

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
