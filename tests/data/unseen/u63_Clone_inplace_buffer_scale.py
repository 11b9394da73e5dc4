import torch
import torch.nn as nn

class Model(nn.Module):
    """Buffer scale + in-place ops."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("scale", torch.linspace(0.5, 1.5, dim))
    def forward(self, x):
        y = x.clone()
        y.mul_(self.scale)
        y.add_(1.0)
        y.clamp_(min=0.0, max=4.0)
        return y

batch_size = 64
dim = 2048
def get_inputs():
    return [torch.randn(batch_size, dim)]
def get_init_inputs():
    return [dim]
