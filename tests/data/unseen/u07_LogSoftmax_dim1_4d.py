import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """LogSoftmax over the channel dim of NCHW."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, x):
        return F.log_softmax(x, dim=1)

batch_size = 4
channels = 24
height = 20
width = 20

def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]

def get_init_inputs():
    return []
