import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear, LayerNorm, ReLU, Dropout."""
    def __init__(self, fin, fout):
        super(Model, self).__init__()
        self.fc = nn.Linear(fin, fout)
        self.ln = nn.LayerNorm(fout)
        self.drop = nn.Dropout(0.1)
    def forward(self, x):
        return self.drop(torch.relu(self.ln(self.fc(x))))

batch_size = 32
fin = 128
fout = 96

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, fout]
