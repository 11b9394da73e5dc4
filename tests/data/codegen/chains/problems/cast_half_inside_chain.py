import torch
import torch.nn as nn


class Model(nn.Module):
    """A .half() inside an fp32 chain, more ops after it: an fp16 rounding, a softmax in fp32, then a residual with
    the input. The result is float32 + x: float32 whatever x's dtype (torch's promotion of a fixed float32 and x)."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        h = (x * 3.0).half()
        p = torch.softmax(h.float() * 0.5, dim=-1)
        return p + x


batch_size = 16
heads = 4
length = 200


def get_inputs():
    return [torch.randn(batch_size, heads, length)]


def get_init_inputs():
    return []
