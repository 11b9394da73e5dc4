import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv2d, BatchNorm2d, ReLU, AvgPool2d."""
    def __init__(self, cin, cout):
        super(Model, self).__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.pool = nn.AvgPool2d(2)
    def forward(self, x):
        return self.pool(torch.relu(self.bn(self.conv(x))))

batch_size = 4
height = 20
width = 20
cin, cout = 6, 16

def get_inputs():
    return [torch.randn(batch_size, cin, height, width)]

def get_init_inputs():
    return [cin, cout]
