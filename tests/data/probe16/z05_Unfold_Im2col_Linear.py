import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Convolution by hand: F.unfold (im2col, 3x3, stride 2, padding 1) then a Linear over the patch vectors and
    a ReLU; the result stays in (B, L, C_out) token layout."""

    def __init__(self, c_in, c_out):
        super().__init__()
        self.proj = nn.Linear(c_in * 9, c_out)

    def forward(self, x):
        cols = F.unfold(x, kernel_size=3, padding=1, stride=2)  # (B, C*9, L)
        return torch.relu(self.proj(cols.transpose(1, 2)))


batch = 8
c_in = 32
c_out = 96
height = 127
width = 129


def get_inputs():
    return [torch.randn(batch, c_in, height, width)]


def get_init_inputs():
    return [c_in, c_out]
