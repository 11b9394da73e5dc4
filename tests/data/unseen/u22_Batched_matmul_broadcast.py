import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Batched matmul with a 2-D right operand broadcast over the batch."""
    def __init__(self):
        super(Model, self).__init__()
        pass
    def forward(self, A, B):
        return torch.matmul(A, B)

batch_size = 6
M = 40
K = 72
N = 56

def get_inputs():
    return [torch.randn(batch_size, M, K), torch.randn(K, N)]

def get_init_inputs():
    return []
