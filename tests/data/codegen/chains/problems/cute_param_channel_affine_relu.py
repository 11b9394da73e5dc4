import torch
import torch.nn as nn

# new-user trial 27: the second member: two parameters [C, 1, 1] over the channels of an NCHW input, then ReLU
class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.scale = nn.Parameter(1.0 + 0.1 * torch.randn(channels, 1, 1))
        self.shift = nn.Parameter(0.1 * torch.randn(channels, 1, 1))

    def forward(self, x):
        return torch.relu(x * self.scale + self.shift)

N, C, H, W = 3, 12, 10, 9

def get_inputs():
    return [torch.randn(N, C, H, W)]

def get_init_inputs():
    return [C]
