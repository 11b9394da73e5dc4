# Pairwise squared distances of points built from polar coordinates: a stack of two pointwise parts, a broadcast
# difference over [N, M, 2], and its two components selected and combined. Session 43 (bcast43): the selects read
# the stack's parts (no stack is written) and the difference per component (no [N, M, 2] intermediate).
import torch
import torch.nn as nn

N, M = 64, 48


class Model(nn.Module):
    def forward(self, r, t, q):
        p = torch.stack([r * torch.cos(t), r * torch.sin(t)], dim=-1)
        d = p[:, None, :] - q[None, :, :]
        return torch.sqrt(d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1] + 1e-6)


def get_inputs():
    return [torch.rand(N) + 0.5, torch.rand(N) * 6.28, torch.randn(M, 2)]


def get_init_inputs():
    return []
