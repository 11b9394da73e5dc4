import torch
import torch.nn as nn

# Hostile: a syntax error (unclosed parenthesis) on line 9.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x * 2.0

def get_inputs():
    return [torch.randn(16, 16)]

def get_init_inputs():
    return []
