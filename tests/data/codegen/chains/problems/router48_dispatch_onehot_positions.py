# router48 (issue 14, session 48): the class of 03_switch_router_capacity's combine without its GEMM, at other sizes
# (tails: T, E and C no powers of two): a top-1 dispatch of T tokens over E experts from their logits, each token's
# slot in its expert's queue by a cumsum over tokens, tokens past capacity dropped, the dispatch mask [T, E, C] as
# the broadcast product of two one_hot operands (the [T, C] one recomputed per element: KWB_ONEHOT_RECOMPUTE).
import torch
import torch.nn as nn
import torch.nn.functional as F

T, E = 300, 6
CAP = 60


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
