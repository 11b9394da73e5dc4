import torch
import torch.nn as nn


class Model(nn.Module):
    """3-D decoder step: ConvTranspose3d (stride 2), InstanceNorm3d (affine), ReLU."""

    def __init__(self, cin, cout):
        super().__init__()
        self.up = nn.ConvTranspose3d(cin, cout, kernel_size=3, stride=2, padding=1, output_padding=1)
        self.norm = nn.InstanceNorm3d(cout, affine=True)

    def forward(self, x):
        return torch.relu(self.norm(self.up(x)))


batch = 4
cin = 32
cout = 16
d = 16


def get_inputs():
    return [torch.randn(batch, cin, d, d, d)]


def get_init_inputs():
    return [cin, cout]
