# FPN top-down pathway, one level: lateral 1x1 conv on C4, the coarser P5 upsampled bilinearly to C4's size
# (align_corners=False) and added, then the 3x3 output conv. Returns (P4 inner, P4 out).
import torch
import torch.nn as nn
import torch.nn.functional as F

B, C4, CF, H4, W4 = 2, 1024, 256, 50, 68


class Model(nn.Module):
    def __init__(self, c4, cf):
        super().__init__()
        self.lateral = nn.Conv2d(c4, cf, 1)
        self.output = nn.Conv2d(cf, cf, 3, padding=1)

    def forward(self, c4, p5):
        inner = self.lateral(c4) + F.interpolate(p5, size=c4.shape[-2:], mode="bilinear", align_corners=False)
        return inner, self.output(inner)


def get_inputs():
    return [torch.randn(B, C4, H4, W4), torch.randn(B, CF, (H4 + 1) // 2, (W4 + 1) // 2)]


def get_init_inputs():
    return [C4, CF]
