import torch
import torch.nn as nn

class Model(nn.Module):
    """Integer/bool op: count, per row, the int32 values above a threshold that are also even,
    returning an int64 count [N] and the bool mask [N, M]."""
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def forward(self, x):
        mask = (x > self.threshold) & ((x % 2) == 0)
        return mask.sum(dim=1), mask

N, M = 4096, 8192

def get_inputs():
    return [torch.randint(-1000, 1000, (N, M), dtype=torch.int32)]

def get_init_inputs():
    return [100]
