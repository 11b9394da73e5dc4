# trial 29's 10_causal_conv1d_glu_seq (docs/results/trial29-problems/) at Bt = 2, T = 200 (emulation time), the
# finding #8 of session 41's conv41: the zero pad before a padding-0 conv folded into its padding.
# Gated causal convolution over a sequence (ConvS2S / gated CNN LM layer): [B, T, D] -> transpose ->
# left pad (k-1)*dilation -> grouped Conv1d D -> 2D (groups 4, dilation 2) -> GLU over channels -> + residual, scaled.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

Bt, T, Dm, KS, DIL, G = 2, 200, 256, 5, 2, 4


class Model(nn.Module):
    def __init__(self, d, ks, dil, groups):
        super().__init__()
        self.pad = (ks - 1) * dil
        self.conv = nn.Conv1d(d, 2 * d, ks, dilation=dil, groups=groups)

    def forward(self, x):                             # x [B, T, D]
        y = F.pad(x.transpose(1, 2), (self.pad, 0))   # [B, D, T + pad]
        y = F.glu(self.conv(y), dim=1)                # [B, D, T]
        return (y.transpose(1, 2) + x) * math.sqrt(0.5)


def get_inputs():
    return [torch.randn(Bt, T, Dm)]


def get_init_inputs():
    return [Dm, KS, DIL, G]
