import torch
import torch.nn as nn

# session 46 (gather46): an integer count of a comparison (x > t, a bool mask only the sum reads) beside an integer
# max over the same rows, added: the comparison is the count's prologue (computed as the sum loads x), the max exact
# in int64.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):  # x int64 [rows, cols]
        return (x > 2**33 + 500).sum(dim=-1) + x.amax(dim=-1)


rows = 12
cols = 33


def get_inputs():
    return [torch.randint(0, 1000, (rows, cols)) + 2**33]


def get_init_inputs():
    return []
