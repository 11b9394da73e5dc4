import torch
import torch.nn as nn


class Model(nn.Module):
    """A complex product of two complex tensors made in forward() from real pairs (torch.complex), read back
    as real pairs: view_as_real(torch.complex(a, b) * torch.complex(c, d)).sum(-1)."""

    def forward(self, a, b, c, d):
        z = torch.complex(a, b) * torch.complex(c, d)
        return torch.view_as_real(z).sum(dim=-1)


batch = 16
dim = 32


def get_inputs():
    return [torch.randn(batch, dim) for _ in range(4)]


def get_init_inputs():
    return []
