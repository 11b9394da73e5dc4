import torch
import torch.nn as nn

# Hostile: a huge problem: a 131072 x 131072 fp32 matmul (64 GiB per operand).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.matmul(a, b).relu()

N = 131072

def get_inputs():
    return [torch.randn(N, N), torch.randn(N, N)]

def get_init_inputs():
    return []
