import torch
import torch.nn as nn

class Model(nn.Module):
    """get_init_inputs gives 3 values, __init__ takes 2."""
    def __init__(self, a, b):
        super().__init__()
        self.lin = nn.Linear(a, b)

    def forward(self, x):
        return self.lin(x)

def get_inputs():
    return [torch.randn(8, 16)]

def get_init_inputs():
    return [16, 32, 99]
