import torch
import torch.nn as nn

# Trial 19 #6's class, exactness: two int64 id tensors (values near 2^40, a half of them one apart) compared with ==
# in the kernel's integers; in fp32 both sides would round to the same value and every position would match.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, ids, ref):
        same = ids == ref[:, None]
        return (x * same.unsqueeze(-1).to(x.dtype)).sum(dim=1)


batch = 8
T = 40
D = 24


def get_inputs():
    ref = torch.randint(0, 1000, (batch,)) + (1 << 40)
    ids = ref[:, None] + torch.randint(0, 2, (batch, T))
    return [torch.randn(batch, T, D), ids, ref]


def get_init_inputs():
    return []
