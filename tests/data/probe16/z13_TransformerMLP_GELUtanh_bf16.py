import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """GPT-2 style MLP sub-block in bf16: pre-LayerNorm, Linear d->4d, GELU(approximate='tanh'),
    Linear 4d->d, residual add. Weights are bf16 parameters."""

    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d).to(torch.bfloat16)
        self.fc = nn.Linear(d, 4 * d).to(torch.bfloat16)
        self.proj = nn.Linear(4 * d, d).to(torch.bfloat16)

    def forward(self, x):
        h = self.fc(self.ln(x))
        h = F.gelu(h, approximate="tanh")
        return x + self.proj(h)


batch = 4
seq = 509
d = 768


def get_inputs():
    return [torch.randn(batch, seq, d, dtype=torch.bfloat16)]


def get_init_inputs():
    return [d]
