import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """Conv1d, GELU, mean over the length."""
    def __init__(self, cin, cout):
        super(Model, self).__init__()
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)
    def forward(self, x):
        return F.gelu(self.conv(x)).mean(dim=2)

batch_size = 8
length = 100
cin, cout = 12, 24

def get_inputs():
    return [torch.randn(batch_size, cin, length)]

def get_init_inputs():
    return [cin, cout]
