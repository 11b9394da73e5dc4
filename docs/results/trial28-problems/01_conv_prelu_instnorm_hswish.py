# Level-2 style chain in an unusual order: the activation (a per-channel PReLU) comes BEFORE the norm,
# then an affine InstanceNorm, then Hardswish, then a residual add of the conv output.
import torch
import torch.nn as nn

batch = 16
cin, cout = 32, 64
H = W = 48


class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, kernel_size=3, stride=2, padding=1, bias=True)
        self.act = nn.PReLU(num_parameters=cout, init=0.1)
        self.norm = nn.InstanceNorm2d(cout, affine=True, eps=1e-5)
        self.out = nn.Hardswish()

    def forward(self, x):
        y = self.conv(x)
        z = self.out(self.norm(self.act(y)))
        return z + y


def get_inputs():
    return [torch.randn(batch, cin, H, W)]


def get_init_inputs():
    return [cin, cout]
