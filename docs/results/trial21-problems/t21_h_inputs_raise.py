import torch
import torch.nn as nn

# Hostile: get_inputs raises (a data file that does not exist).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x * 2.0

def get_inputs():
    return [torch.load("/nonexistent/t21_activations.pt")]

def get_init_inputs():
    return []
