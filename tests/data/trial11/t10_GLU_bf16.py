import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Gated linear unit on bf16 inputs: split the last dim in half, a * sigmoid(b)."""
    def __init__(self):
        super(Model, self).__init__()
    def forward(self, x):
        return F.glu(x, dim=-1)

batch_size = 64
seq = 128
dim = 2 * 1376

def get_inputs():
    return [torch.randn(batch_size, seq, dim, dtype=torch.bfloat16)]

def get_init_inputs():
    return []
