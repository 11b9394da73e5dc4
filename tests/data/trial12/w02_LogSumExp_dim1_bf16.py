import torch
import torch.nn as nn


class Model(nn.Module):
    """logsumexp over the middle dim of a bf16 3-D tensor (a level-1 reduction with a non-last dim)."""

    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.logsumexp(x, dim=self.dim)


batch = 64
reduce_len = 4099
inner = 96


def get_inputs():
    return [torch.randn(batch, reduce_len, inner, dtype=torch.bfloat16) * 3]


def get_init_inputs():
    return [1]
