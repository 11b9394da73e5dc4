import torch
import torch.nn as nn

class Model(nn.Module):
    """Halve x until its norm is below a threshold (data-dependent Python loop)."""
    def __init__(self):
        super().__init__()
    def forward(self, x):
        steps = 0
        while x.norm() > 10.0 and steps < 20:
            x = x * 0.5
            steps += 1
        if x.sum() > 0:
            return torch.relu(x)
        return torch.tanh(x)

batch_size = 16
dim = 1024
def get_inputs():
    return [torch.randn(batch_size, dim)]
def get_init_inputs():
    return []
