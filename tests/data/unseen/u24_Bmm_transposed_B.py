import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """bmm with the second operand transposed."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, A, B):
        return torch.bmm(A, B.transpose(1, 2))

batch_size = 4
M = 48
K = 64
N = 40

def get_inputs():
    return [torch.randn(batch_size, M, K), torch.randn(batch_size, N, K)]

def get_init_inputs():
    return []
