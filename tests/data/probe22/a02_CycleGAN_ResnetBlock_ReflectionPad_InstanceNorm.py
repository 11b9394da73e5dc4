import torch
import torch.nn as nn


class Model(nn.Module):
    """CycleGAN's ResnetBlock: reflection pad 1, 3x3 conv (no bias), InstanceNorm2d (no affine), ReLU, reflection
    pad, 3x3 conv, InstanceNorm2d, residual add."""

    def __init__(self, dim):
        super().__init__()
        self.block = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.Conv2d(dim, dim, kernel_size=3, padding=0, bias=False),
            nn.InstanceNorm2d(dim),
            nn.ReLU(True),
            nn.ReflectionPad2d(1),
            nn.Conv2d(dim, dim, kernel_size=3, padding=0, bias=False),
            nn.InstanceNorm2d(dim),
        )

    def forward(self, x):
        return x + self.block(x)


batch = 4
dim = 256
size = 64


def get_inputs():
    return [torch.randn(batch, dim, size, size)]


def get_init_inputs():
    return [dim]
