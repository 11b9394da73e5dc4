import torch
import torch.nn as nn

# Level 1: grouped, dilated, strided Conv1d with reflect padding.
class Model(nn.Module):
    def __init__(self, cin, cout, k, groups):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, k, stride=2, padding=4, dilation=3, groups=groups,
                              padding_mode="reflect", bias=True)

    def forward(self, x):
        return self.conv(x)

def get_inputs():
    return [torch.randn(5, 12, 301)]

def get_init_inputs():
    return [12, 18, 3, 3]
