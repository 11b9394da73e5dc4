import torch
import torch.nn as nn


class Model(nn.Module):
    """tanh(a) * 0.5 + b, a a channels_last view (NHWC storage permuted to NCHW) and b every other column of a wider
    tensor (new-user trial 19, #11): torch's result takes a's layout (the first operand's), so the kernel's output
    must be channels_last, and only b (not dense) is copied. b's width 2 * W is derived from W, which the harness's
    boundary_tail resizes (the innermost dim, above the tile): get_inputs() must run with W resized."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.tanh(a) * 0.5 + b


N = 2
C = 5
H = 3
W = 2048


def get_inputs():
    a = torch.randn(N, H, W, C).permute(0, 3, 1, 2)
    b = torch.randn(N, C, H, 2 * W)[..., ::2]
    return [a, b]


def get_init_inputs():
    return []
