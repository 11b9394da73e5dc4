import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear, swish, logsumexp over features keepdim."""
    def __init__(self, fin, fout):
        super(Model, self).__init__()
        self.fc = nn.Linear(fin, fout)
    def forward(self, x):
        x = self.fc(x)
        x = x * torch.sigmoid(x)
        return torch.logsumexp(x, dim=1, keepdim=True)

batch_size = 32
fin = 64
fout = 128

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, fout]
