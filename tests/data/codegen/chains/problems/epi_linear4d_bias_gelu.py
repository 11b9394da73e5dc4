import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A Linear with bias over a 4-D channels-last activation (B, H, W, C), then GELU (new-user trial 12, #7: a GEMM
    applied to more than 2 dims fuses its activation; the leading dims are M)."""

    def __init__(self, c_in, c_out):
        super().__init__()
        self.fc = nn.Linear(c_in, c_out)

    def forward(self, x):
        return F.gelu(self.fc(x))


batch_size = 2
height = 9
width = 7
c_in = 40
c_out = 56


def get_inputs():
    return [torch.randn(batch_size, height, width, c_in)]


def get_init_inputs():
    return [c_in, c_out]
