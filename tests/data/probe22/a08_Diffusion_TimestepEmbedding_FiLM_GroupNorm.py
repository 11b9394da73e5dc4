import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Diffusion conditioning: sinusoidal embedding of integer timesteps (cat(cos, sin)), MLP (Linear, SiLU,
    Linear) to 2C, chunk into scale / shift, GroupNorm(32) of the feature map modulated as
    norm * (1 + scale) + shift, then SiLU."""

    def __init__(self, channels, temb_dim):
        super().__init__()
        self.temb_dim = temb_dim
        self.mlp = nn.Sequential(nn.Linear(temb_dim, 4 * temb_dim), nn.SiLU(), nn.Linear(4 * temb_dim, 2 * channels))
        self.norm = nn.GroupNorm(32, channels)

    def timestep_embedding(self, t):
        half = self.temb_dim // 2
        freqs = torch.exp(-math.log(10000) * torch.arange(half, dtype=torch.float32, device=t.device) / half)
        args = t[:, None].float() * freqs[None]
        return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)

    def forward(self, x, t):
        emb = self.mlp(self.timestep_embedding(t))
        scale, shift = emb[:, :, None, None].chunk(2, dim=1)
        h = self.norm(x) * (1 + scale) + shift
        return F.silu(h)


batch = 8
channels = 256
temb_dim = 128


def get_inputs():
    return [torch.randn(batch, channels, 32, 32), torch.randint(0, 1000, (batch,))]


def get_init_inputs():
    return [channels, temb_dim]
