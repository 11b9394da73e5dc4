# Pairwise squared distance of complex numbers stored as (re, im) pairs, the first set rotated by a fixed angle
# (a stack of the two parts of a complex product with constants), read per component over [N, M, 2]. Session 44
# (giou44): the rotated parts are copied over the pairs' columns, so one [N, M] launch reads the two pair tensors.
import torch
import torch.nn as nn

N, M = 64, 40
C, S = 0.8, 0.6


class Model(nn.Module):
    def forward(self, z, w):
        re, im = z.unbind(-1)
        zr = torch.stack([re * C - im * S, re * S + im * C], dim=-1)
        d = zr[:, None, :] - w[None, :, :]
        return d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1]


def get_inputs():
    return [torch.randn(N, 2), torch.randn(M, 2)]


def get_init_inputs():
    return []
