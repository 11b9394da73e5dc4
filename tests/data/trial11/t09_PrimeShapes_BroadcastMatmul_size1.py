import torch
import torch.nn as nn

class Model(nn.Module):
    """Odd shapes: prime sizes and size-1 dims. A (1, 13, 127) broadcast-matmul B (5, 127, 3), plus a (1, 1, 3)
    bias, then a softmax over the size-3 last dim."""
    def __init__(self):
        super(Model, self).__init__()
        self.bias = nn.Parameter(torch.randn(1, 1, 3))
    def forward(self, a, b):
        return torch.softmax(torch.matmul(a, b) + self.bias, dim=-1)

def get_inputs():
    return [torch.randn(1, 13, 127), torch.randn(5, 127, 3)]

def get_init_inputs():
    return []
