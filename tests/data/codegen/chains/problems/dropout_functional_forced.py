# New-user trial 21, #1: F.dropout(training=True) draws in every mode: no deterministic reference (a skeleton).
import torch
import torch.nn as nn
import torch.nn.functional as F

# Hostile (non-deterministic): functional dropout forced on (training=True), whatever the
# module mode.
class Model(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p

    def forward(self, x):
        return F.dropout(torch.relu(x), p=self.p, training=True) * 2.0

def get_inputs():
    return [torch.randn(64, 1024)]

def get_init_inputs():
    return [0.3]
