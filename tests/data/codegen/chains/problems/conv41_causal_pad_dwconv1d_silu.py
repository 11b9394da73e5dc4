# A causal depthwise convolution over a [B, T, C] sequence written with an explicit left pad (Mamba / H3 / RWKV's
# token shift style): F.pad(x.transpose(1, 2), (K - 1, 0)), depthwise Conv1d of padding 0, SiLU, back to [B, T, C],
# gated by x. trial 29 #8's class (session 41, conv41): the zero pad folded into the convolution's padding (low side
# K - 1, high side 0), and the depthwise conv of a channels-last input (DIRECT_CL).
import torch
import torch.nn as nn
import torch.nn.functional as F

B, T, C, KS = 3, 57, 48, 4


class Model(nn.Module):
    def __init__(self, c, ks):
        super().__init__()
        self.ks = ks
        self.conv = nn.Conv1d(c, c, ks, groups=c)

    def forward(self, x):
        y = self.conv(F.pad(x.transpose(1, 2), (self.ks - 1, 0)))
        return F.silu(y).transpose(1, 2) * x


def get_inputs():
    return [torch.randn(B, T, C)]


def get_init_inputs():
    return [C, KS]
