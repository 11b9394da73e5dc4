import torch
import torch.nn as nn

# Trial 19 #6's class: the arange < lengths mask cast to int64 and summed (a count: the cast of a bool made from
# exactly compared integers), the clamp and the division as in a masked mean's denominator.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, lengths):
        valid = (torch.arange(x.shape[1], device=x.device)[None, :] < lengths[:, None]).long()
        return x.sum(1) / valid.sum(1, keepdim=True).clamp(min=1)


def get_inputs():
    return [torch.randn(8, 40, 16), torch.randint(1, 41, (8,))]


def get_init_inputs():
    return []
