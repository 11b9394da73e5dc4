# Chain-planner test problem (not KernelBench): argmax and min(dim) indices of a 3-D input used as float values
# beside the input (probe17's v09 class, no GEMM): indices along the middle and the last dim, cast with .to(dtype).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = torch.argmax(x, dim=1, keepdim=True).to(x.dtype)
        m, j = torch.min(x, dim=-1, keepdim=True)
        return x * 0.5 + a * 0.25 - j.float() * 0.125 + m


batch = 3
seq = 13
width = 29


def get_inputs():
    return [torch.randn(batch, seq, width)]


def get_init_inputs():
    return []
