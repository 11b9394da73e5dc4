import torch
import torch.nn as nn

print("hello from module level")
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        with open("/etc/hostname") as f:
            self.name = f.read()
    def forward(self, x):
        print("forward called with", x.shape)
        return torch.relu(x)

def get_inputs():
    return [torch.randn(1024, 1024)]
def get_init_inputs():
    return []
