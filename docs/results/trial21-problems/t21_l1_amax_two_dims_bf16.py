import torch
import torch.nn as nn

# Level 1: amax over two non-adjacent dims, keepdim, in bfloat16, odd sizes.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.amax(x, dim=(1, 3), keepdim=True)

def get_inputs():
    return [torch.randn(6, 37, 129, 23, dtype=torch.bfloat16)]

def get_init_inputs():
    return []
