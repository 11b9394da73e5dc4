import torch
import torch.nn as nn

# A gated unit written by hand: x.chunk(2, dim=1) (traced as a split of half the channels), a * sigmoid(b). The
# class of F.glu (trial 11's t10): two views of one tensor read by one pointwise launch; the split size follows the
# channels at run time (tests/tst_chains.cpp runs the kernel against glu_chunk_nchw_c40.py too).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a, b = x.chunk(2, dim=1)
        return a * torch.sigmoid(b)


batch_size = 8
channels = 64
height = 33
width = 17


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
