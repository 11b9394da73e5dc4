# EfficientNet MBConv (eval mode): 1x1 expand + BN + SiLU -> depthwise 3x3 stride 1 + BN + SiLU ->
# squeeze-excitation (global avg pool, 1x1 reduce, SiLU, 1x1 expand, sigmoid, scale) -> 1x1 project + BN -> + x.
import torch
import torch.nn as nn

Bt, C, H, W, EXP, SE_R = 16, 64, 56, 56, 4, 16


class Model(nn.Module):
    def __init__(self, c, expand, se_ratio):
        super().__init__()
        ce = c * expand
        self.expand = nn.Sequential(nn.Conv2d(c, ce, 1, bias=False), nn.BatchNorm2d(ce), nn.SiLU())
        self.dw = nn.Sequential(nn.Conv2d(ce, ce, 3, padding=1, groups=ce, bias=False), nn.BatchNorm2d(ce), nn.SiLU())
        self.se_reduce = nn.Conv2d(ce, ce // se_ratio, 1)
        self.se_expand = nn.Conv2d(ce // se_ratio, ce, 1)
        self.project = nn.Sequential(nn.Conv2d(ce, c, 1, bias=False), nn.BatchNorm2d(c))
        self.eval()

    def forward(self, x):
        y = self.dw(self.expand(x))
        s = y.mean((2, 3), keepdim=True)
        s = torch.sigmoid(self.se_expand(nn.functional.silu(self.se_reduce(s))))
        return self.project(y * s) + x


def get_inputs():
    return [torch.randn(Bt, C, H, W)]


def get_init_inputs():
    return [C, EXP, SE_R]
