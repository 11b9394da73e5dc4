# The class of 03_switch_router_capacity without its GEMM and at other sizes (not that problem): a top-1 dispatch of
# T tokens over E experts given their logits, each token's slot in its expert's queue by a cumsum over tokens (dim 0
# of a [T, E] of few columns, T not a power of 2), tokens past capacity dropped, the dispatch mask [T, E, C] as a
# dense float tensor (a broadcast product of two one_hot operands). router48's A/B row (bench/gpu/router48_ab.py).
import torch
import torch.nn as nn
import torch.nn.functional as F

T, E = 3000, 6
CAP = 600


class Model(nn.Module):
    def __init__(self, e, cap):
        super().__init__()
        self.e = e
        self.cap = cap

    def forward(self, logits):                              # [T, E]
        gates = F.softmax(logits, dim=1)
        idx = torch.argmax(gates, dim=1)
        mask = F.one_hot(idx, num_classes=self.e).to(gates.dtype)
        locations = torch.cumsum(mask, dim=0) - 1
        mask = mask * (locations < self.cap).to(mask.dtype)
        loc_s = (locations * mask).sum(dim=1).long()
        slot = F.one_hot(loc_s, num_classes=self.cap).to(gates.dtype)
        return mask[:, :, None] * slot[:, None, :]


def get_inputs():
    return [torch.randn(T, E)]


def get_init_inputs():
    return [E, CAP]
