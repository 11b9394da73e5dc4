import torch
import torch.nn as nn


# probe19 (a WRONG kernel before): group_norm of x.transpose(2, 3), planned as the group norm of x itself (rel_err 1.4
# with an affine weight, whose channels stay put while the spatial order moved); the chain now reads the view.
class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.gn = nn.GroupNorm(4, channels)

    def forward(self, x):
        return self.gn(x.transpose(2, 3))


def get_inputs():
    return [torch.randn(4, 16, 12, 20)]


def get_init_inputs():
    return [16]
