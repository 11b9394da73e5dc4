# An asymmetric zero pad before a padded, strided Conv2d ('same' padding for an even kernel, TensorFlow style:
# F.pad(x, (0, 1, 0, 1)) then the conv; here with a padding of its own too): trial 29 #8's class in 2-D (session 41,
# conv41): the pad folded into the convolution's padding, per dim and side, on the implicit-GEMM path.
import torch
import torch.nn as nn
import torch.nn.functional as F

N, CIN, COUT, H, W = 2, 16, 32, 13, 10


class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 4, stride=2, padding=1)

    def forward(self, x):
        return torch.relu(self.conv(F.pad(x, (0, 1, 2, 1))))


def get_inputs():
    return [torch.randn(N, CIN, H, W)]


def get_init_inputs():
    return [CIN, COUT]
