import torch
import torch.nn as nn


class Model(nn.Module):
    """ConvTranspose2d with groups 4, stride 2, dilation 2, padding 1, output_padding 1, kernel 3, no bias;
    then SiLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.deconv = nn.ConvTranspose2d(cin, cout, 3, stride=2, padding=1, output_padding=1, groups=4,
                                         dilation=2, bias=False)

    def forward(self, x):
        return nn.functional.silu(self.deconv(x))


batch = 4
cin = 64
cout = 96
size = 31


def get_inputs():
    return [torch.randn(batch, cin, size, size)]


def get_init_inputs():
    return [cin, cout]
