import torch
import torch.nn as nn

# Level 1: batched matmul in float16, every dim odd, second operand given transposed.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.bmm(a, b.transpose(1, 2))

def get_inputs():
    return [torch.randn(7, 33, 65, dtype=torch.float16), torch.randn(7, 129, 65, dtype=torch.float16)]

def get_init_inputs():
    return []
