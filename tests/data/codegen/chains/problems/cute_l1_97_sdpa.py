# Kernel Workbench test copy of KernelBench level1/97_ScaledDotProductAttention.py at small sizes (the CuTe DSL chain emulation):
# head dim 40: two 32-column CTAs, the second a tail (the emulation shrinks sequence_length to 11).
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()

    def forward(self, Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
        out = torch.nn.functional.scaled_dot_product_attention(Q, K, V)
        return out

batch_size = 2
num_heads = 2
sequence_length = 19
embedding_dimension = 40

def get_inputs():
    Q = torch.rand(batch_size, num_heads, sequence_length, embedding_dimension)
    K = torch.rand(batch_size, num_heads, sequence_length, embedding_dimension)
    V = torch.rand(batch_size, num_heads, sequence_length, embedding_dimension)
    return [Q, K, V]

def get_init_inputs():
    return []
