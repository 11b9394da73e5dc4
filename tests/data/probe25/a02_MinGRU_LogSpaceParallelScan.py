import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """minGRU ("Were RNNs all we needed?") in its parallel form: z = sigmoid(Wz x), h~ = g(Wh x),
    h_t = (1 - z_t) h_{t-1} + z_t h~_t computed in log space with a Heinsen scan (cumsum of log(1 - z),
    logcumsumexp of log z + log h~ minus it); g(x) = x + 0.5 for x >= 0 else sigmoid(x)."""

    def __init__(self, dim, hidden):
        super().__init__()
        self.to_hz = nn.Linear(dim, 2 * hidden, bias=False)

    def forward(self, x):  # x [batch, seq, dim]
        hidden, gate = self.to_hz(x).chunk(2, dim=-1)
        log_coeffs = -F.softplus(gate)          # log(1 - z)
        log_z = -F.softplus(-gate)              # log z
        log_tilde_h = torch.where(hidden >= 0, (F.relu(hidden) + 0.5).log(), -F.softplus(-hidden))
        log_values = log_z + log_tilde_h
        a_star = log_coeffs.cumsum(dim=1)
        log_h = a_star + torch.logcumsumexp(log_values - a_star, dim=1)
        return log_h.exp()


batch = 16
seq = 64
dim = 128
hidden = 192


def get_inputs():
    return [torch.randn(batch, seq, dim)]


def get_init_inputs():
    return [dim, hidden]
