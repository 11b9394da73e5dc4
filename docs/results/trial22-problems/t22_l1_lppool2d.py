import torch
import torch.nn as nn

class Model(nn.Module):
    """Power-average pooling (LPPool2d, p=2), kernel 3, stride 2, ceil_mode."""
    def __init__(self):
        super().__init__()
        self.pool = nn.LPPool2d(2, kernel_size=3, stride=2, ceil_mode=True)

    def forward(self, x):
        return self.pool(x)

def get_inputs():
    return [torch.rand(8, 24, 97, 61)]

def get_init_inputs():
    return []
