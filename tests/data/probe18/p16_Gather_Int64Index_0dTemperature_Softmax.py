import torch
import torch.nn as nn


class Model(nn.Module):
    """Gather columns of x by an int64 index tensor (torch.gather along dim 1), divide by a 0-d temperature
    tensor input, softmax over the gathered columns."""

    def __init__(self):
        super().__init__()

    def forward(self, x, index, temperature):
        y = torch.gather(x, 1, index)
        return torch.softmax(y / temperature, dim=1)


batch = 64
features = 1000
picked = 200


def get_inputs():
    x = torch.randn(batch, features)
    index = torch.randint(0, features, (batch, picked), dtype=torch.int64)
    temperature = torch.tensor(0.7)
    return [x, index, temperature]


def get_init_inputs():
    return []
