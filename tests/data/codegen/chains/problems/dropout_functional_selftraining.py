# New-user trial 21, #1: F.dropout(x, p, self.training) with no nn.Dropout module; eval mode turns it off.
import torch
import torch.nn as nn
import torch.nn.functional as F

# Hostile (non-deterministic): functional dropout that follows the module's mode, as most transformer code
# writes it. The Model is built in training mode, so forward draws a random mask.
class Model(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p

    def forward(self, x):
        return F.dropout(torch.relu(x), self.p, self.training) * 2.0

def get_inputs():
    return [torch.randn(64, 1024)]

def get_init_inputs():
    return [0.3]
