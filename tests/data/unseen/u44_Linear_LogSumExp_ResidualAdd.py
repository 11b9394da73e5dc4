import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Linear, logsumexp over features (keepdim), broadcast residual add."""
    def __init__(self, fin, fout):
        super(Model, self).__init__()
        self.fc = nn.Linear(fin, fout)
    def forward(self, x):
        y = self.fc(x)
        return y + torch.logsumexp(y, dim=1, keepdim=True)

batch_size = 64
fin, fout = 48, 80

def get_inputs():
    return [torch.randn(batch_size, fin)]

def get_init_inputs():
    return [fin, fout]
