import torch
import torch.nn as nn

class Model(nn.Module):
    """forward never returns (a while loop on a Python condition that never changes)."""
    def forward(self, x):
        n = 0
        while True:
            n += 1
            if n < 0:
                break
        return x * 2

def get_inputs():
    return [torch.randn(32, 32)]

def get_init_inputs():
    return []
