import torch
import torch.nn as nn

class Model(nn.Module):
    """Really writes its input in place, then returns it."""
    def __init__(self):
        super().__init__()
    def forward(self, x):
        x.mul_(2.0)
        x.add_(1.0)
        return torch.relu_(x)

batch_size = 64
dim = 2048
def get_inputs():
    return [torch.randn(batch_size, dim)]
def get_init_inputs():
    return []
