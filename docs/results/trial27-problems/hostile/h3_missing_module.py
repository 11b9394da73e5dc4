import torch
import torch.nn as nn
import flash_attn_missing_xyz  # not installed anywhere

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return flash_attn_missing_xyz.relu(x)

def get_inputs():
    return [torch.randn(16, 16)]

def get_init_inputs():
    return []
