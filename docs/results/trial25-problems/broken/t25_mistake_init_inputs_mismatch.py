import torch
import torch.nn as nn

class Model(nn.Module):
    """A mistake: get_init_inputs() returns 3 values but __init__ takes 2."""
    def __init__(self, dim, eps):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=eps)

    def forward(self, x):
        return self.norm(x)

def get_inputs():
    return [torch.randn(64, 256)]

def get_init_inputs():
    return [256, 1e-5, True]
