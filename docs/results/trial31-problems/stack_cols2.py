import torch, torch.nn as nn
class Model(nn.Module):
    def forward(self, b):
        cx, cy, w, h = b.unbind(-1)
        return torch.stack([cx - w, cy - h], dim=-1)
def get_inputs(): return [torch.rand(900, 4)]
def get_init_inputs(): return []
