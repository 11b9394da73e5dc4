import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return x.exp()

def get_inputs():
    shape = {"rows": 128}["cols"]          # KeyError: a typo in the user's size table
    return [torch.randn(shape)]

def get_init_inputs():
    return []
