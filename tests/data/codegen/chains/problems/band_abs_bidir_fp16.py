# Chain-planner test problem (not KernelBench): new-user trial 29's 06 (Longformer-style local attention) at a small
# size: the mask (i - j).abs() > W from one arange, filled with -inf, fp16. The band |i - j| <= W is kwb_attention's
# index predicate (diag=W, band=2W+1): nothing built, the key tiles outside the band not visited. S = 200 is no
# multiple of a tile and spans several, so tiles on both sides of the band are skipped.
import torch
import torch.nn as nn

Bt, Hh, S, Dh, WIN = 1, 2, 200, 32, 9


class Model(nn.Module):
    def __init__(self, window):
        super().__init__()
        self.window = window

    def forward(self, q, k, v):
        s = q.shape[-2]
        i = torch.arange(s, device=q.device)
        far = (i[:, None] - i[None, :]).abs() > self.window
        scores = (q @ k.transpose(-1, -2)) * (q.shape[-1] ** -0.5)
        scores = scores.masked_fill(far, float('-inf'))
        return torch.softmax(scores, dim=-1) @ v


def get_inputs():
    return [torch.randn(Bt, Hh, S, Dh, dtype=torch.float16) for _ in range(3)]


def get_init_inputs():
    return [WIN]
