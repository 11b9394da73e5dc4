import torch
import torch.nn as nn

class Model(nn.Module):
    """A mistake: the author meant x @ W^T but wrote x @ W with W stored [out, in] -> shape error at forward."""
    def __init__(self, fin, fout):
        super().__init__()
        self.W = nn.Parameter(torch.randn(fout, fin))

    def forward(self, x):
        return torch.relu(x @ self.W)

batch, fin, fout = 512, 1024, 768

def get_inputs():
    return [torch.randn(batch, fin)]

def get_init_inputs():
    return [fin, fout]
