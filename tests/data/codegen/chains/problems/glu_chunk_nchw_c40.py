import torch
import torch.nn as nn

# glu_chunk_nchw.py at 40 channels (the spec of glu_chunk_nchw runs against it): the chunk follows the channels.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a, b = x.chunk(2, dim=1)
        return a * torch.sigmoid(b)


batch_size = 8
channels = 40
height = 7
width = 17


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
