import torch
import torch.nn as nn
import torch.nn.functional as F

# Level 2: Conv2d (stride 2) -> BatchNorm2d -> Hardswish -> global average pool -> flatten -> scale.
class Model(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=2, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.scale = nn.Parameter(torch.linspace(0.5, 1.5, cout))

    def forward(self, x):
        y = F.hardswish(self.bn(self.conv(x)))
        return F.adaptive_avg_pool2d(y, 1).flatten(1) * self.scale

def get_inputs():
    return [torch.randn(4, 10, 45, 61)]

def get_init_inputs():
    return [10, 24]
