import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Post-norm transformer encoder layer with nn.MultiheadAttention (batch_first)."""
    def __init__(self, d_model, nhead, dff):
        super(Model, self).__init__()
        self.attn = nn.MultiheadAttention(d_model, nhead, batch_first=True)
        self.ln1 = nn.LayerNorm(d_model)
        self.ff1 = nn.Linear(d_model, dff)
        self.ff2 = nn.Linear(dff, d_model)
        self.ln2 = nn.LayerNorm(d_model)
    def forward(self, x):
        a, _ = self.attn(x, x, x, need_weights=False)
        x = self.ln1(x + a)
        return self.ln2(x + self.ff2(F.relu(self.ff1(x))))

batch_size = 4
seq_len = 32
d_model, nhead, dff = 64, 4, 128

def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model)]

def get_init_inputs():
    return [d_model, nhead, dff]
