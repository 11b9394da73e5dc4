import torch
import torch.nn as nn

class Model(nn.Module):
    """A subtle mistake: dropout active in forward (training mode) -> nondeterministic reference."""
    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(p=0.1)

    def forward(self, x):
        return self.drop(torch.gelu(x) if hasattr(torch, 'gelu') else torch.nn.functional.gelu(x))

def get_inputs():
    return [torch.randn(2048, 2048)]

def get_init_inputs():
    return []
