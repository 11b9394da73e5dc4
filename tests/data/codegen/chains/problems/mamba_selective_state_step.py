# Mamba decode step (selective state update, one token): the recurrent form of the selective scan.
# h' = exp(dt * A) * h + (dt * x) B;  y = <h', C> + D * x;  out = y * silu(z).  dt = softplus(x W_dt + b_dt).
import torch
import torch.nn as nn
import torch.nn.functional as F

Bt, Dm, N = 64, 2048, 16


class Model(nn.Module):
    def __init__(self, d_model, d_state):
        super().__init__()
        self.A_log = nn.Parameter(torch.log(torch.arange(1, d_state + 1).float()).repeat(d_model, 1))  # [D, N]
        self.D = nn.Parameter(torch.ones(d_model))
        self.dt_bias = nn.Parameter(torch.rand(d_model) * 0.1)

    def forward(self, h, x, dt, Bm, Cm, z):
        # h [B, D, N] state, x/dt/z [B, D], Bm/Cm [B, N]
        dt = F.softplus(dt + self.dt_bias)                       # [B, D]
        A = -torch.exp(self.A_log)                               # [D, N]
        dA = torch.exp(dt.unsqueeze(-1) * A)                     # [B, D, N]
        dBx = (dt * x).unsqueeze(-1) * Bm.unsqueeze(1)           # [B, D, N]
        h_new = dA * h + dBx
        y = (h_new * Cm.unsqueeze(1)).sum(-1) + self.D * x       # [B, D]
        return y * F.silu(z), h_new


def get_inputs():
    return [torch.randn(Bt, Dm, N), torch.randn(Bt, Dm), torch.randn(Bt, Dm) - 2.0,
            torch.randn(Bt, N), torch.randn(Bt, N), torch.randn(Bt, Dm)]


def get_init_inputs():
    return [Dm, N]
