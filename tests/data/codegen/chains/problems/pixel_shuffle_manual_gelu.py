import torch
import torch.nn as nn
import torch.nn.functional as F

# pixel_shuffle written out (view, permute, reshape: torch's reshape copies the permuted view), then GELU. The class
# of trial 11's t12: a layout change as an index map of the pointwise launch after it.
class Model(nn.Module):
    def __init__(self, r):
        super().__init__()
        self.r = r

    def forward(self, x):
        b, c, h, w = x.shape
        r = self.r
        y = x.view(b, c // (r * r), r, r, h, w).permute(0, 1, 4, 2, 5, 3).reshape(b, c // (r * r), h * r, w * r)
        return F.gelu(y)


batch_size = 4
channels = 36
height = 21
width = 19


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [3]
