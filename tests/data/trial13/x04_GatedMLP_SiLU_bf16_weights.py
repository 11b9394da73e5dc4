import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """LLaMA-style gated MLP with bf16 weights and activations: down(silu(gate(x)) * up(x)), no biases."""

    def __init__(self, d_model, d_hidden):
        super().__init__()
        self.gate = nn.Linear(d_model, d_hidden, bias=False, dtype=torch.bfloat16)
        self.up = nn.Linear(d_model, d_hidden, bias=False, dtype=torch.bfloat16)
        self.down = nn.Linear(d_hidden, d_model, bias=False, dtype=torch.bfloat16)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


batch_size = 4
seq_len = 512
d_model = 1024
d_hidden = 2816


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model, dtype=torch.bfloat16)]


def get_init_inputs():
    return [d_model, d_hidden]
