import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """bf16 bias add, then GELU computed in fp32 and cast back; returns (gelu(h), h), both bf16: an MLP's activation
    and the pre-activation kept for the backward pass."""

    def __init__(self, hidden):
        super().__init__()
        self.bias = nn.Parameter((0.1 * torch.randn(hidden)).to(torch.bfloat16))

    def forward(self, x):
        h = x + self.bias
        return F.gelu(h.float()).to(h.dtype), h


seq_len = 4096
hidden = 2048


def get_inputs():
    return [torch.randn(seq_len, hidden, dtype=torch.bfloat16)]


def get_init_inputs():
    return [hidden]
