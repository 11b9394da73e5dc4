import torch
import torch.nn as nn


class Model(nn.Module):
    """A scan with a dtype argument (cumsum(..., dtype=torch.float32) of an fp16 input): the running sums in float32
    in every case, the spec's own included (the scan template stored x's dtype)."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        return torch.cumsum(x, dim=1, dtype=torch.float32)


batch_size = 16
length = 300


def get_inputs():
    return [torch.randn(batch_size, length, dtype=torch.float16)]


def get_init_inputs():
    return []
