# A scan along a long non-innermost dim with few columns (the cumsum of 03_switch_router_capacity alone, other
# sizes): the running count of each of 4 flags over 16384 steps, scaled by a per-column weight. router48's A/B row.
import torch
import torch.nn as nn

N, K = 16384, 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, flags, w):                            # [N, K], [K]
        return torch.cumsum((flags > 0).to(flags.dtype), dim=0) * w


def get_inputs():
    return [torch.randn(N, K), torch.rand(K)]


def get_init_inputs():
    return []
