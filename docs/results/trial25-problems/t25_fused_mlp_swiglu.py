import torch
import torch.nn as nn
import torch.nn.functional as F

class Model(nn.Module):
    """A LLaMA-style SwiGLU MLP block: down(silu(gate(x)) * up(x)), no bias, fp16."""
    def __init__(self, hidden, inter):
        super().__init__()
        self.gate = nn.Linear(hidden, inter, bias=False)
        self.up = nn.Linear(hidden, inter, bias=False)
        self.down = nn.Linear(inter, hidden, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))

tokens = 2048
hidden = 1024
inter = 2816

def get_inputs():
    return [torch.randn(tokens, hidden, dtype=torch.float16)]

def get_init_inputs():
    return [hidden, inter]
