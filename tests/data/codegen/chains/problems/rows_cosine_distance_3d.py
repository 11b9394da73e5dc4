# Chain-planner test problem (not KernelBench): sibling reductions over the same rows (kwb_rows).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Cosine distance along the last dim of [B, S, D] pairs times the mean square of a: cosine_similarity's three
    row sums of two tensors (a * a, b * b, then a * b over both norms) are one kwb_rows launch; the mean square reads
    a itself (not the view the sums read) after the distance's pointwise op, so it stays its own launch."""

    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        d = 1.0 - F.cosine_similarity(a, b, dim=-1, eps=1e-6)
        return d * a.pow(2).mean(dim=-1)


batch = 6
seq = 40
dim = 200


def get_inputs():
    return [torch.randn(batch, seq, dim), torch.randn(batch, seq, dim)]


def get_init_inputs():
    return []
