import torch
import torch.nn as nn


class Model(nn.Module):
    """A reduction with a dtype argument equal to the input's (sum(..., dtype=torch.float16) of an fp16 input): the
    result is float16 whatever the input's dtype, in the harness's dtype_bf16 case too."""

    def __init__(self):
        super(Model, self).__init__()

    def forward(self, x):
        return torch.sum(x, dim=1, dtype=torch.float16)


batch_size = 32
dim = 500


def get_inputs():
    return [torch.randn(batch_size, dim, dtype=torch.float16) * 0.1]


def get_init_inputs():
    return []
