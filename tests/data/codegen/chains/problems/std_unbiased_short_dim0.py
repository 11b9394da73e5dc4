# New-user trial 21, #3: an unbiased std over a short dim (3): boundary_size1 must not make that dim 1 (all NaN).
import torch
import torch.nn as nn

# Level 1: unbiased std over a short leading dim (3 rows) of a wide tensor; large mean offset.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.std(x, dim=0, unbiased=True)

def get_inputs():
    return [torch.randn(3, 70001) + 1000.0]

def get_init_inputs():
    return []
