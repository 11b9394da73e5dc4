# Chain-planner test problem (not KernelBench): trial 26 #5's class without the causal mask: the padding mask written
# value-first (lengths[:, None] <= arange(S): j >= lengths[b]) from an int32 lengths input, unsqueezed to [B, 1, 1, S],
# the scores scaled by a mul: one kwb_attention launch, mask_cmp "ge" (session 38, operand38).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, lengths):
        S = k.shape[-2]
        s = torch.matmul(q, k.transpose(-2, -1)) * 0.25
        pad = lengths[:, None] <= torch.arange(S, device=q.device)
        s = s.masked_fill(pad.unsqueeze(1).unsqueeze(2), float("-inf"))
        return torch.matmul(torch.softmax(s, dim=-1), v)


B, H, L, S, D = 2, 3, 21, 29, 16


def get_inputs():
    lengths = torch.tensor([29, 11], dtype=torch.int32)
    return [torch.randn(B, H, L, D), torch.randn(B, H, S, D), torch.randn(B, H, S, D), lengths]


def get_init_inputs():
    return []
