import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Reflection padding before a Conv1d (an audio front end), then GELU (new-user trial 12, #4: non-constant
    padding had no chain stage)."""

    def __init__(self, c_in, c_out, k):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, k)

    def forward(self, x):
        return F.gelu(self.conv(F.pad(x, (3, 2), mode="reflect")))


batch_size = 4
c_in = 6
c_out = 10
length = 67
k = 6


def get_inputs():
    return [torch.randn(batch_size, c_in, length)]


def get_init_inputs():
    return [c_in, c_out, k]
