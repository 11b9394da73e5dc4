# Chain-planner test problem (not KernelBench): vector norms of p = 0 (the count of nonzeros; probe16, session 28),
# 3 and 0.5 over the last dim, added.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.relu(x - 0.2)
        return (torch.linalg.vector_norm(y, ord=0, dim=-1) + torch.linalg.vector_norm(x, ord=3, dim=-1) +
                torch.linalg.vector_norm(x, ord=0.5, dim=-1))


batch = 6
width = 37


def get_inputs():
    return [torch.randn(batch, width)]


def get_init_inputs():
    return []
