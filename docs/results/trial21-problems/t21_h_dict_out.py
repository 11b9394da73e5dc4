import torch
import torch.nn as nn

# Hostile: forward returns a dict of tensors (as many HF-style models do).
class Model(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        h = self.fc(x)
        return {"logits": h, "probs": torch.softmax(h, dim=-1)}

def get_inputs():
    return [torch.randn(32, 128)]

def get_init_inputs():
    return [128]
