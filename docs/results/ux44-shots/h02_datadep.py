import torch, torch.nn as nn
class Model(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return torch.relu(x)
        n = int((x > 0).sum().item())
        return x[:, :n] * 2
def get_inputs(): return [torch.randn(64, 256)]
def get_init_inputs(): return []
