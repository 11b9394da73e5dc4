import torch
import torch.nn as nn

# ViT-S pre-norm MLP sub-block with its residual: x + fc2(gelu(fc1(layernorm(x)))).
class Model(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))

B, T, DIM, HID = 8, 197, 384, 1536

def get_inputs():
    return [torch.randn(B, T, DIM)]

def get_init_inputs():
    return [DIM, HID]
