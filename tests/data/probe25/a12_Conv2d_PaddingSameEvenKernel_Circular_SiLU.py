import torch
import torch.nn as nn


class Model(nn.Module):
    """Two convolutions whose padding torch works out itself: padding='same' with an even 4x4 kernel
    (asymmetric: 1 before, 2 after), then a 3x3 with padding_mode='circular' (wrap-around, as on a
    torus / panorama); SiLU between, channel mean at the end."""

    def __init__(self, cin, cout):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 4, padding="same")
        self.c2 = nn.Conv2d(cout, cout, 3, padding=1, padding_mode="circular")

    def forward(self, x):
        return self.c2(torch.nn.functional.silu(self.c1(x))).mean(dim=1, keepdim=True)


batch = 4
cin = 16
cout = 32
height = 30
width = 44


def get_inputs():
    return [torch.randn(batch, cin, height, width)]


def get_init_inputs():
    return [cin, cout]
