import torch
import torch.nn as nn

# new-user trial 27: a parameter (权重) and a buffer (偏移) named outside ASCII; ModelNew skipped both, so every case's
# load_state_dict failed ("Unexpected key(s) in state_dict: "权重"") while a dry run passed
class Model(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.权重 = nn.Parameter(torch.randn(size))
        self.register_buffer("偏移", 0.1 * torch.randn(size))

    def forward(self, 输入):
        return torch.tanh(输入 * self.权重) + self.偏移

size = 96
batch = 40

def get_inputs():
    return [torch.randn(batch, size)]

def get_init_inputs():
    return [size]
