import torch
import torch.nn as nn


class Model(nn.Module):
    """linrec38 (issue 14): a gated first-order IIR filter over dim 1 of [B, T, D] written as a forward Python loop,
    y_t = g_t * y_(t-1) + (1 - g_t) * x_t with a data-dependent gate g_t = sigmoid(z_t * w) (w per channel), starting
    from a given state h0; the states gathered by torch.cat of unsqueezed slices, then scaled."""

    def __init__(self, channels):
        super().__init__()
        self.w = nn.Parameter(torch.linspace(-1.5, 2.0, channels))

    def forward(self, x, z, h0):  # x, z [batch, steps, channels]; h0 [batch, channels]
        h = h0
        outs = []
        for t in range(x.shape[1]):
            g = torch.sigmoid(z[:, t] * self.w)
            h = g * h + (1.0 - g) * x[:, t]
            outs.append(h.unsqueeze(1))
        return torch.cat(outs, dim=1) * 0.5


batch = 24
steps = 9
channels = 40


def get_inputs():
    return [torch.randn(batch, steps, channels), torch.randn(batch, steps, channels), torch.randn(batch, channels)]


def get_init_inputs():
    return [channels]
