import torch
import torch.nn as nn

# Issue 14 (session 31): forward() returns torch.max's (values, indices) over the last dim of a GEMM's result, the
# values shifted after: an amax with its argmax, both outputs of one reduction.
class Model(nn.Module):
    """Linear, then (max over the features + 1, argmax over the features)."""
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)

    def forward(self, x):
        v, i = torch.max(self.fc(x), dim=-1)
        return v + 1.0, i


batch = 128
d_in = 64
d_out = 48


def get_inputs():
    return [torch.randn(batch, d_in)]


def get_init_inputs():
    return [d_in, d_out]
