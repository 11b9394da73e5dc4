import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Two-layer MLP with LayerNorm and GELU."""
    def __init__(self, fin, hidden, fout):
        super(Model, self).__init__()
        self.fc1 = nn.Linear(fin, hidden)
        self.ln = nn.LayerNorm(hidden)
        self.fc2 = nn.Linear(hidden, fout)
    def forward(self, x):
        return self.fc2(F.gelu(self.ln(self.fc1(x))))

batch_size = 32
fin, hidden, fout = 64, 128, 10

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, hidden, fout]
