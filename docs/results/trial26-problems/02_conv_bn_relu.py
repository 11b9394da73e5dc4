import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))

def get_inputs():
    return [torch.randn(16, 64, 56, 56)]

def get_init_inputs():
    return [64, 128]
