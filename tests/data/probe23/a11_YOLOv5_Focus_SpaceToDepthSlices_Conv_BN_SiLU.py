import torch
import torch.nn as nn


class Model(nn.Module):
    """YOLOv5's Focus stem: space-to-depth by four strided slices (::2 / 1::2 on H and W) concatenated on channels,
    then a 3x3 conv (no bias), BatchNorm (eval) and SiLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(4 * cin, cout, 3, 1, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.act = nn.SiLU()

    def forward(self, x):
        x = torch.cat([x[..., ::2, ::2], x[..., 1::2, ::2], x[..., ::2, 1::2], x[..., 1::2, 1::2]], dim=1)
        return self.act(self.bn(self.conv(x)))


batch = 2
cin = 3
cout = 32
height = 64
width = 96


def get_inputs():
    return [torch.randn(batch, cin, height, width)]


def get_init_inputs():
    return [cin, cout]
