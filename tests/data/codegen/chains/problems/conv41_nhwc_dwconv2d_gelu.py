# A channels-last image block ([N, H, W, C] input, as ConvNeXt-V2's or a Swin-style local mixer's): permute to
# NCHW, depthwise 3x3 conv (stride 1, padding 1, no bias), permute back, GELU scaled. trial 28's
# 06_conv1d_seq_padmask's class in 2-D (session 41, conv41): the depthwise convolution of a channels-last input.
import torch
import torch.nn as nn
import torch.nn.functional as F

N, H, W, C = 2, 14, 18, 40


class Model(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c, bias=False)

    def forward(self, x):
        y = self.dw(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1)
        return F.gelu(y) * 0.5


def get_inputs():
    return [torch.randn(N, H, W, C)]


def get_init_inputs():
    return [C]
