import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Transformer MLP block in bf16: Linear(+bias) -> GELU(tanh) -> Linear(+bias)."""

    def __init__(self, d_model, d_ff):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff, bias=True).to(torch.bfloat16)
        self.fc2 = nn.Linear(d_ff, d_model, bias=True).to(torch.bfloat16)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x), approximate="tanh"))


batch = 8
seq = 512
d_model = 1024
d_ff = 4096


def get_inputs():
    return [torch.randn(batch, seq, d_model, dtype=torch.bfloat16)]


def get_init_inputs():
    return [d_model, d_ff]
