import torch
import torch.nn as nn

# session 40 (dtype40), the second member of the integer-sum class: a sum whose prologue is integer arithmetic
# (ids * 3 - ref, int64 near 2^35) over the last dim, kept as [B, 1]; the fp32 accumulator rounds each term.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids, ref):
        return (ids * 3 - ref).sum(dim=-1, keepdim=True)


batch = 8
seq = 40


def get_inputs():
    return [torch.randint(0, 1000, (batch, seq)) + 2**35, torch.randint(0, 1000, (batch, seq)) + 2**33]


def get_init_inputs():
    return []
