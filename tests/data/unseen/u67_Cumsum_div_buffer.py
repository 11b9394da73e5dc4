import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, length):
        super().__init__()
        self.register_buffer("count", torch.arange(1, length + 1, dtype=torch.float32).view(1, length))
    def forward(self, x):
        return torch.cumsum(x, dim=1) / self.count

batch_size = 64
length = 4096
def get_inputs():
    return [torch.rand(batch_size, length)]
def get_init_inputs():
    return [length]
