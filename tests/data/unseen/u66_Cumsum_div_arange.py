import torch
import torch.nn as nn

class Model(nn.Module):
    """Running mean along dim 1: cumsum divided by the running count."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        n = x.shape[1]
        count = torch.arange(1, n + 1, device=x.device, dtype=x.dtype).view(1, n)
        return torch.cumsum(x, dim=1) / count

batch_size = 64
length = 4096

def get_inputs():
    return [torch.rand(batch_size, length)]

def get_init_inputs():
    return []
