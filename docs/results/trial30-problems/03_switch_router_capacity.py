# Switch-Transformer top-1 router with expert capacity: softmax over expert logits, argmax expert per token,
# one-hot, position of each token in its expert's queue by cumsum over tokens, tokens beyond capacity dropped,
# returns the combine weights [T, E, C] (gate prob at (expert, slot)) as a dense tensor, and the aux load-balancing
# loss. (Mesh-TF / fairseq style; capacity_factor 1.25.)
import torch
import torch.nn as nn
import torch.nn.functional as F

T, DM, E = 2048, 512, 8
CAP = int(1.25 * T / E)   # 320


class Model(nn.Module):
    def __init__(self, dm, e, cap):
        super().__init__()
        self.wg = nn.Linear(dm, e, bias=False)
        self.e = e
        self.cap = cap

    def forward(self, x):                                  # [T, DM]
        logits = self.wg(x)
        gates = F.softmax(logits, dim=1)                   # [T, E]
        idx = torch.argmax(gates, dim=1)                   # [T]
        mask = F.one_hot(idx, num_classes=self.e).to(gates.dtype)   # [T, E]
        me = gates.mean(dim=0)
        ce = mask.mean(dim=0)
        aux = (me * ce).sum() * self.e
        locations = torch.cumsum(mask, dim=0) - 1          # slot of each token in its expert
        mask = mask * (locations < self.cap).to(mask.dtype)
        loc_s = (locations * mask).sum(dim=1).long()       # [T]
        gate_s = (gates * mask).sum(dim=1)                 # [T]
        slot = F.one_hot(loc_s, num_classes=self.cap).to(gates.dtype)   # [T, C]
        combine = gate_s[:, None, None] * mask[:, :, None] * slot[:, None, :]
        return combine, aux


def get_inputs():
    return [torch.randn(T, DM)]


def get_init_inputs():
    return [DM, E, CAP]
