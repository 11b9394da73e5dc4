import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        noise = torch.randn_like(x) * 0.1
        return torch.relu(x + noise)

def get_inputs():
    return [torch.randn(512, 512)]
def get_init_inputs():
    return []
