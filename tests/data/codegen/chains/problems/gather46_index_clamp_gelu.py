import torch
import torch.nn as nn

# session 46 (gather46): a row index (x[idx] at dim 0) whose index is clamped into range first and whose rows go
# through a gelu and a residual of another tensor: prologue (the clamp) and epilogue (gelu, add) in one launch.
class Model(nn.Module):
    def __init__(self, rows, dim):
        super().__init__()
        self.table = nn.Parameter(torch.randn(rows, dim))
        self.rows = rows

    def forward(self, idx, res):  # idx int64 [n] (some out of range), res [n, dim]
        picked = self.table[idx.clamp(0, self.rows - 1)]
        return torch.nn.functional.gelu(picked) + res


rows = 30
n = 16
dim = 36


def get_inputs():
    return [torch.randint(-5, rows + 5, (n,)), torch.randn(n, dim)]


def get_init_inputs():
    return [rows, dim]
