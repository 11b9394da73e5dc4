import torch
import torch.nn as nn


class Model(nn.Module):
    """RWKV-4 channel mixing: token shift by ZeroPad2d((0, 0, 1, -1)) over the time axis, per-channel lerp mixes
    with learned time_mix_k / time_mix_r, k = relu(key(xk))**2, out = sigmoid(receptance(xr)) * value(k).
    Linears without bias."""

    def __init__(self, d_model, d_ffn):
        super().__init__()
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        self.time_mix_k = nn.Parameter(torch.rand(1, 1, d_model))
        self.time_mix_r = nn.Parameter(torch.rand(1, 1, d_model))
        self.key = nn.Linear(d_model, d_ffn, bias=False)
        self.receptance = nn.Linear(d_model, d_model, bias=False)
        self.value = nn.Linear(d_ffn, d_model, bias=False)

    def forward(self, x):
        xx = self.time_shift(x)
        xk = x * self.time_mix_k + xx * (1 - self.time_mix_k)
        xr = x * self.time_mix_r + xx * (1 - self.time_mix_r)
        k = torch.square(torch.relu(self.key(xk)))
        return torch.sigmoid(self.receptance(xr)) * self.value(k)


batch = 8
seq_len = 256
d_model = 768
d_ffn = 3072


def get_inputs():
    return [torch.randn(batch, seq_len, d_model)]


def get_init_inputs():
    return [d_model, d_ffn]
