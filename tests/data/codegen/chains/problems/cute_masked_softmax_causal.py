# Kernel Workbench test copy of tests/data/unseen/u65_CausalMask_where_full_like.py (session 33, cute33a): a causal
# predicate of one kwb_masked_softmax launch, on the CuTe DSL stage set's emulation.
import torch
import torch.nn as nn

class Model(nn.Module):
    """Causal scores with torch.where and a triu mask, then softmax."""
    def __init__(self):
        super().__init__()

    def forward(self, s):
        n = s.shape[-1]
        mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=s.device), diagonal=1)
        s = torch.where(mask, torch.full_like(s, float("-inf")), s)
        return torch.softmax(s, dim=-1)

batch_size = 16
seq_len = 256

def get_inputs():
    return [torch.randn(batch_size, seq_len, seq_len)]

def get_init_inputs():
    return []
