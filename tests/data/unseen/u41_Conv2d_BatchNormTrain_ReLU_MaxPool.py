import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv2d, batch norm on batch statistics (F.batch_norm training=True, whatever the mode), ReLU, MaxPool2d."""
    def __init__(self, cin, cout):
        super(Model, self).__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.weight = nn.Parameter(torch.rand(cout) + 0.5)
        self.bias = nn.Parameter(torch.randn(cout) * 0.1)
    def forward(self, x):
        y = F.batch_norm(self.conv(x), None, None, self.weight, self.bias, training=True, eps=1e-5)
        return F.max_pool2d(torch.relu(y), 2)

batch_size = 4
height = 18
width = 18
cin, cout = 3, 16

def get_inputs():
    return [torch.randn(batch_size, cin, height, width)]

def get_init_inputs():
    return [cin, cout]
