import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Depthwise 3x3 conv, BN, ReLU6, pointwise 1x1 conv, BN, ReLU6 (MobileNet block)."""
    def __init__(self, cin, cout):
        super(Model, self).__init__()
        self.dw = nn.Conv2d(cin, cin, 3, padding=1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
    def forward(self, x):
        x = F.relu6(self.bn1(self.dw(x)))
        return F.relu6(self.bn2(self.pw(x)))

batch_size = 4
height = 20
width = 20
cin, cout = 16, 32

def get_inputs():
    return [torch.randn(batch_size, cin, height, width)]

def get_init_inputs():
    return [cin, cout]
