import torch
import torch.nn as nn

# Trial 19 #6's class with a float primary: x's elementwise launch reads two int64 tensors (ids, ref near 2^40, one
# apart) as epilogue tensors in their own dtype and compares them exactly.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, ids, ref):
        return x * (ids == ref[:, None]).to(x.dtype)


def get_inputs():
    ref = torch.randint(0, 1000, (8,)) + (1 << 40)
    return [torch.randn(8, 40), ref[:, None] + torch.randint(0, 2, (8, 40)), ref]


def get_init_inputs():
    return []
