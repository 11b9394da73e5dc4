import torch
import torch.nn as nn


class Model(nn.Module):
    """MaxPool3d, kernel (2, 3, 3), stride (1, 2, 2), padding (0, 1, 1), dilation (1, 1, 2), ceil_mode;
    batch 1, odd sizes; then ReLU."""

    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool3d((2, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1), dilation=(1, 1, 2),
                                 ceil_mode=True)

    def forward(self, x):
        return torch.relu(self.pool(x))


def get_inputs():
    return [torch.randn(1, 24, 9, 37, 53)]


def get_init_inputs():
    return []
