# Conformer convolution module's depthwise part over a [B, T, C] sequence (channels last): transpose, depthwise
# Conv1d (kernel 7, 'same' padding), transpose back, SiLU, residual. trial 28's 06_conv1d_seq_padmask's class
# (session 41, conv41): the depthwise convolution of a channels-last input.
import torch
import torch.nn as nn
import torch.nn.functional as F

B, T, C, KS = 4, 96, 80, 7


class Model(nn.Module):
    def __init__(self, c, ks):
        super().__init__()
        self.dw = nn.Conv1d(c, c, ks, padding=ks // 2, groups=c)

    def forward(self, x):
        y = self.dw(x.transpose(1, 2)).transpose(1, 2)
        return x + F.silu(y)


def get_inputs():
    return [torch.randn(B, T, C)]


def get_init_inputs():
    return [C, KS]
