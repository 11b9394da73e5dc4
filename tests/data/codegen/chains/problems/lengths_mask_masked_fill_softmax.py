import torch
import torch.nn as nn


# probe19 (q14's class): a key padding mask built from an int64 lengths input, arange(T)[None, None, :] >= lengths
# (an integer comparison with an arange: exact in fp32), used by masked_fill before a softmax over the keys.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores, lengths):
        T = scores.size(-1)
        pad = torch.arange(T, device=scores.device)[None, None, :] >= lengths[:, None, None]
        return torch.softmax(scores.masked_fill(pad, -1e9), dim=-1)


def get_inputs():
    return [torch.randn(6, 19, 83), torch.randint(1, 84, (6,))]


def get_init_inputs():
    return []
