import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """One-layer GRU (batch_first), returns the last hidden state through a linear head."""
    def __init__(self, fin, hidden, fout):
        super(Model, self).__init__()
        self.gru = nn.GRU(fin, hidden, num_layers=1, batch_first=True)
        self.fc = nn.Linear(hidden, fout)
    def forward(self, x):
        out, h = self.gru(x)
        return self.fc(out[:, -1, :])

batch_size = 4
seq_len = 12
fin, hidden, fout = 16, 32, 8

def get_inputs():
    return [torch.randn(batch_size, seq_len, fin)]

def get_init_inputs():
    return [fin, hidden, fout]
