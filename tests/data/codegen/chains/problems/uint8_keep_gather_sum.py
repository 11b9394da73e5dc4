import torch
import torch.nn as nn

# Hostile-ish: int64 index input and a float table; gather rows, weight by a uint8 mask input.
class Model(nn.Module):
    def __init__(self, vocab, d):
        super().__init__()
        self.table = nn.Parameter(torch.randn(vocab, d))

    def forward(self, idx, keep):
        rows = self.table[idx]                      # (B, L, d)
        return (rows * keep.unsqueeze(-1).to(rows.dtype)).sum(dim=1)

def get_inputs():
    return [torch.randint(0, 5000, (8, 77)), torch.randint(0, 2, (8, 77), dtype=torch.uint8)]

def get_init_inputs():
    return [5000, 48]
