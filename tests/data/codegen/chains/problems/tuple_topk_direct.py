import torch
import torch.nn as nn

# Issue 14 (session 31): forward() returns torch.topk's own (values, indices) -- a torch.return_types tuple -- of a
# scaled input, along a middle dim, the k smallest.
class Model(nn.Module):
    """Returns torch.topk(x * scale, k, dim=1, largest=False): the values and their int64 indices."""
    def __init__(self, c, k):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(1, c, 1) + 0.5)
        self.k = k

    def forward(self, x):
        return torch.topk(x * self.scale, self.k, dim=1, largest=False)


batch = 8
c = 96
n = 40
k = 5


def get_inputs():
    return [torch.randn(batch, c, n)]


def get_init_inputs():
    return [c, k]
