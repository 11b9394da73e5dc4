import torch
import torch.nn as nn
import torch.nn.functional as F

# GEGLU written with narrow and the half of the last dim: x[..., :h] * gelu(x[..., h:]), h = x.shape[-1] // 2. The
# slice bounds are half the dim at every size (tests/tst_chains.cpp runs the kernel against geglu_narrow_d200.py).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        h = x.shape[-1] // 2
        return x.narrow(-1, 0, h) * F.gelu(x.narrow(-1, h, h))


batch_size = 4
seq_len = 24
hidden2 = 2 * 300


def get_inputs():
    return [torch.randn(batch_size, seq_len, hidden2)]


def get_init_inputs():
    return []
