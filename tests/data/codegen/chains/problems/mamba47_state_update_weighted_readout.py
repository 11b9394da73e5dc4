# A state-space style update with a weighted readout, not Mamba's (session 47, mamba47): s' = decay * s + k * v over
# [B, H, N] (decay a [H, N] parameter through exp(-softplus), k [B, H], v [B, N]); y = (s' * q).sum(-1) [B, H], q
# [B, N]; returns (y * gate, s'). The new state is returned and reduced against q.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, h, n):
        super().__init__()
        self.log_decay = nn.Parameter(torch.randn(h, n) * 0.5)

    def forward(self, s, k, v, q, gate):
        decay = torch.exp(-F.softplus(self.log_decay))
        s_new = decay * s + k.unsqueeze(-1) * v.unsqueeze(1)
        y = (s_new * q.unsqueeze(1)).sum(-1)
        return y * gate, s_new


def get_inputs():
    return [torch.randn(16, 64, 32), torch.randn(16, 64), torch.randn(16, 32), torch.randn(16, 32),
            torch.randn(16, 64)]


def get_init_inputs():
    return [64, 32]
