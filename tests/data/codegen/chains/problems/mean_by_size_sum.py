import torch
import torch.nn as nn

# A scalar that follows the sizes as no single dim's power: relu(x) / (rows + cols). The kernel keeps the literal
# under kwb_at_spec, which raises at other sizes instead of computing a wrong result (mean_by_size_sum_f40.py).
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x) / (x.shape[0] + x.shape[1])


batch_size = 16
features = 96


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return []
