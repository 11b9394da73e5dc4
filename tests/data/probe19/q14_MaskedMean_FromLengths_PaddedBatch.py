import torch
import torch.nn as nn


class Model(nn.Module):
    """Masked mean over a padded batch: the mask is built from an int64 lengths input
    (arange(T) < lengths[:, None]), padded positions excluded from sum and count; then LayerNorm."""

    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, x, lengths):
        T = x.size(1)
        mask = (torch.arange(T, device=x.device)[None, :] < lengths[:, None]).unsqueeze(-1).to(x.dtype)
        pooled = (x * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.norm(pooled)


batch = 16
seq = 173
dim = 256


def get_inputs():
    return [torch.randn(batch, seq, dim), torch.randint(1, seq + 1, (batch,))]


def get_init_inputs():
    return [dim]
