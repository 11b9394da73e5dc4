# Mamba block's convolution branch (no SSM): in_proj Linear D -> 2E, split into x and z, x -> [B, E, L] ->
# depthwise Conv1d(k=4, padding=3) trimmed to L (causal) -> SiLU -> back to [B, L, E], gated by SiLU(z), out_proj.
import torch
import torch.nn as nn
import torch.nn.functional as F

B, L, DM, EXP, KC = 4, 1024, 512, 2, 4


class Model(nn.Module):
    def __init__(self, dm, expand, kc):
        super().__init__()
        e = dm * expand
        self.in_proj = nn.Linear(dm, 2 * e, bias=False)
        self.conv1d = nn.Conv1d(e, e, kc, groups=e, padding=kc - 1, bias=True)
        self.out_proj = nn.Linear(e, dm, bias=False)

    def forward(self, h):                                   # [B, L, D]
        L_ = h.shape[1]
        xz = self.in_proj(h)
        x, z = xz.chunk(2, dim=-1)
        x = self.conv1d(x.transpose(1, 2))[..., :L_]
        x = F.silu(x).transpose(1, 2)
        return self.out_proj(x * F.silu(z))


def get_inputs():
    return [torch.randn(B, L, DM)]


def get_init_inputs():
    return [DM, EXP, KC]
