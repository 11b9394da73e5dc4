import torch
import torch.nn as nn


class Model(nn.Module):
    """AvgPool2d with an asymmetric kernel (3, 5), stride (2, 3), padding (1, 2), ceil_mode and a
    divisor_override of 7 (every window divided by 7, whatever it covers); prime spatial sizes."""

    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d((3, 5), stride=(2, 3), padding=(1, 2), ceil_mode=True, divisor_override=7)

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.randn(8, 64, 67, 103)]


def get_init_inputs():
    return []
