import torch
import torch.nn as nn


# probe19: 2-D attention written with torch.addmm, the mask built from constants in forward() (full -inf, triu 1) as
# addmm's input and 1 / sqrt(head_dim) as its alpha: the index predicate of one kwb_attention launch, nothing
# materialised; the scale follows head_dim.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        T = q.size(0)
        m = torch.full((T, T), float("-inf"), device=q.device).triu(1)
        s = torch.addmm(m, q, k.t(), alpha=q.size(1) ** -0.5)
        return torch.softmax(s, dim=-1) @ v


def get_inputs():
    return [torch.randn(77, 48), torch.randn(77, 48), torch.randn(77, 48)]


def get_init_inputs():
    return []
