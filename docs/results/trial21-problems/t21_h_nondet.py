import torch
import torch.nn as nn
import torch.nn.functional as F

# Hostile: non-deterministic forward: dropout that stays on (training=True) and additive noise.
class Model(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p

    def forward(self, x):
        y = F.dropout(x, p=self.p, training=True)
        return y + 0.01 * torch.randn_like(y)

def get_inputs():
    return [torch.randn(64, 1024)]

def get_init_inputs():
    return [0.25]
