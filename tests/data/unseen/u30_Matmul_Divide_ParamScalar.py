import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """x @ W then division by a learned scalar parameter."""
    def __init__(self, fin, fout):
        super(Model, self).__init__()
        self.weight = nn.Parameter(torch.randn(fin, fout) * 0.1)
        self.temperature = nn.Parameter(torch.tensor(2.5))
    def forward(self, x):
        return torch.matmul(x, self.weight) / self.temperature

batch_size = 48
fin = 80
fout = 64

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, fout]
