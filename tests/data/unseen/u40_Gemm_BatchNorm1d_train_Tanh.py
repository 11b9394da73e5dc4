import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear, BatchNorm1d (training mode), tanh."""
    def __init__(self, fin, fout):
        super(Model, self).__init__()
        self.fc = nn.Linear(fin, fout)
        self.bn = nn.BatchNorm1d(fout)
    def forward(self, x):
        return torch.tanh(self.bn(self.fc(x)))

batch_size = 32
fin = 64
fout = 48

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, fout]
