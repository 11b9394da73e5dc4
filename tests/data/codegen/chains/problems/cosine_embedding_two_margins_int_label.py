# Chain-planner test problem (not KernelBench): two cosine embedding losses on one int64 label (skel28's note: the
# shared y == 1 / y == -1 comparisons are made once, by one launch, and read by the other loss's launch; that bool
# result was recorded as int64, the label's dtype, and the plan refused it).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, c, y):
        return F.cosine_embedding_loss(a, b, y, margin=0.2) + 0.5 * F.cosine_embedding_loss(a, c, y, margin=-0.1)


batch = 19
dim = 37


def get_inputs():
    return [torch.randn(batch, dim), torch.randn(batch, dim), torch.randn(batch, dim),
            torch.randint(0, 2, (batch,)) * 2 - 1]


def get_init_inputs():
    return []
