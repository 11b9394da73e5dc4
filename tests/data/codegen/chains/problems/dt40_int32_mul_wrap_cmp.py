import torch
import torch.nn as nn

# session 40 (dtype40), int32 arithmetic wraps at 2^31 as torch's does, and a uint8 mask input reads as 0 / 1: int32
# ids near 2^30 times 3 (past 2^31), compared with an int32 tensor, masked by a uint8 mask.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids, ref, keep):
        wrapped = ids * 3
        return torch.where(keep.bool() & (wrapped > ref), wrapped, ref)


batch = 8
seq = 40


def get_inputs():
    ids = torch.randint(0, 2**20, (batch, seq), dtype=torch.int32) + (2**30 - 2**19)
    ref = torch.randint(-2**31, 2**31 - 1, (batch, seq), dtype=torch.int32)
    keep = torch.randint(0, 2, (batch, seq), dtype=torch.uint8)
    return [ids, ref, keep]


def get_init_inputs():
    return []
