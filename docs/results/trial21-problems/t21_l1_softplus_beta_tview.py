import torch
import torch.nn as nn
import torch.nn.functional as F

# Level 1: softplus with beta/threshold on a transposed (non-contiguous) input of odd shape.
class Model(nn.Module):
    def __init__(self, beta: float, threshold: float):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, x):
        return F.softplus(x, beta=self.beta, threshold=self.threshold)

def get_inputs():
    # 1009 x 257 stored, handed over as its transpose: strides (1, 257)
    return [torch.randn(1009, 257).t() * 6.0]

def get_init_inputs():
    return [2.5, 4.0]
