import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One recurrent (decode) step of Mamba's selective SSM: dt = softplus(x W_dt + b), B_t / C_t from x,
    A = -exp(A_log); h' = exp(dt A) h + dt B_t x; y = (h' C_t).sum(N) + D x, gated by silu(z).
    Returns (y, h')."""

    def __init__(self, d_inner, d_state):
        super().__init__()
        self.dt_proj = nn.Linear(d_inner, d_inner)
        self.x_proj = nn.Linear(d_inner, 2 * d_state, bias=False)
        a = torch.arange(1, d_state + 1, dtype=torch.float32).repeat(d_inner, 1)
        self.A_log = nn.Parameter(torch.log(a))
        self.D = nn.Parameter(torch.ones(d_inner))
        self.d_state = d_state

    def forward(self, x, z, h):
        dt = F.softplus(self.dt_proj(x))                       # [B, Di]
        bc = self.x_proj(x)
        b_t, c_t = bc[:, : self.d_state], bc[:, self.d_state :]  # [B, N] each
        A = -torch.exp(self.A_log)                             # [Di, N]
        dA = torch.exp(dt.unsqueeze(-1) * A)                   # [B, Di, N]
        dBx = dt.unsqueeze(-1) * b_t.unsqueeze(1) * x.unsqueeze(-1)
        h_new = dA * h + dBx
        y = (h_new * c_t.unsqueeze(1)).sum(-1) + self.D * x
        return y * F.silu(z), h_new


batch = 8
d_inner = 512
d_state = 16


def get_inputs():
    return [torch.randn(batch, d_inner), torch.randn(batch, d_inner), torch.randn(batch, d_inner, d_state)]


def get_init_inputs():
    return [d_inner, d_state]
