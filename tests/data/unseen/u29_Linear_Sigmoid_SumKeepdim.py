import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear, sigmoid, sum over dim 1 with keepdim."""
    def __init__(self, fin, fout):
        super(Model, self).__init__()
        self.fc = nn.Linear(fin, fout)
    def forward(self, x):
        return torch.sigmoid(self.fc(x)).sum(dim=1, keepdim=True)

batch_size = 64
fin = 100
fout = 72

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, fout]
