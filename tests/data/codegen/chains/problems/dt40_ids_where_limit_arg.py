import torch
import torch.nn as nn

# session 40 (dtype40), an integer compared with a forward() int argument above 2^24: where(ids >= limit, x, 0) on
# int64 ids in limit - 2 .. limit + 1, limit = 2^24 + 1 (fp32 rounds limit and limit - 1 to 2^24).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, ids, limit: int):
        return torch.where(ids >= limit, x, torch.zeros_like(x))


batch = 8
seq = 40


def get_inputs():
    limit = 2**24 + 1
    return [torch.randn(batch, seq), torch.randint(0, 4, (batch, seq)) + (limit - 2), limit]


def get_init_inputs():
    return []
