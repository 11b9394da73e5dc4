import torch
import torch.nn as nn

# Non-ASCII file, class-attribute, parameter and global names (all legal Python 3 identifiers).
class Model(nn.Module):
    def __init__(self, größe):
        super().__init__()
        self.权重 = nn.Parameter(torch.randn(größe))

    def forward(self, 输入):
        return torch.tanh(输入 * self.权重) + 1.0

größe = 1024
批量 = 64

def get_inputs():
    return [torch.randn(批量, größe)]

def get_init_inputs():
    return [größe]
