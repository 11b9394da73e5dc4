# Chain-planner test problem (not KernelBench): F.cosine_embedding_loss (probe16, session 28): sums of products over
# rows, a where on the +-1 label (1 - cos, or cos - margin clamped at 0), the mean. Its trace reads zeros_like / empty_like
# of the cosine while the cosine's pointwise run is still open.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, t):
        return F.cosine_embedding_loss(a, b, t, margin=0.2)


batch = 13
dim = 37


def get_inputs():
    return [torch.randn(batch, dim), torch.randn(batch, dim), torch.randint(0, 2, (batch,)) * 2 - 1]


def get_init_inputs():
    return []
