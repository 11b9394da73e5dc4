import torch
import torch.nn as nn


class Model(nn.Module):
    """Perceiver cross-attention: a learned latent array [L, D] (expanded over the batch) attends to a long input
    [B, M, C]: LayerNorm on both, single-head attention with q from the latents, k / v from the input, an output
    projection, residual onto the latents, then a GELU MLP with its own residual."""

    def __init__(self, num_latents, d_latent, d_input):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(num_latents, d_latent) * 0.02)
        self.ln_q = nn.LayerNorm(d_latent)
        self.ln_kv = nn.LayerNorm(d_input)
        self.q = nn.Linear(d_latent, d_latent, bias=False)
        self.k = nn.Linear(d_input, d_latent, bias=False)
        self.v = nn.Linear(d_input, d_latent, bias=False)
        self.o = nn.Linear(d_latent, d_latent)
        self.ln_mlp = nn.LayerNorm(d_latent)
        self.mlp = nn.Sequential(nn.Linear(d_latent, 4 * d_latent), nn.GELU(), nn.Linear(4 * d_latent, d_latent))

    def forward(self, x):
        lat = self.latents.unsqueeze(0).expand(x.shape[0], -1, -1)
        kv = self.ln_kv(x)
        q = self.q(self.ln_q(lat))
        k, v = self.k(kv), self.v(kv)
        att = torch.softmax(q @ k.transpose(1, 2) / q.shape[-1] ** 0.5, dim=-1)
        lat = lat + self.o(att @ v)
        return lat + self.mlp(self.ln_mlp(lat))


batch = 4
seq = 1024
d_input = 96
num_latents = 64
d_latent = 128


def get_inputs():
    return [torch.randn(batch, seq, d_input)]


def get_init_inputs():
    return [num_latents, d_latent, d_input]
