# New-user trial 21, #1: an unused nn.Dropout beside a forced F.dropout: eval mode does not make it the identity.
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        return torch.nn.functional.dropout(torch.relu(x), p=0.3, training=True) * 2.0

def get_inputs():
    return [torch.randn(64, 1024)]

def get_init_inputs():
    return []
