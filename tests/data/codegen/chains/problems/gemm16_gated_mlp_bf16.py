# Chain-planner test problem (not KernelBench): new-user trial 13's x04 at reduced shapes, a LLaMA gated MLP with
# bf16 weights and input, down(silu(gate(x)) * up(x)): every GEMM's operands are 16-bit (issue 14, session 24).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, d_model, d_hidden):
        super().__init__()
        self.gate = nn.Linear(d_model, d_hidden, bias=False, dtype=torch.bfloat16)
        self.up = nn.Linear(d_model, d_hidden, bias=False, dtype=torch.bfloat16)
        self.down = nn.Linear(d_hidden, d_model, bias=False, dtype=torch.bfloat16)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


batch_size = 2
seq_len = 24
d_model = 40
d_hidden = 72


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model, dtype=torch.bfloat16)]


def get_init_inputs():
    return [d_model, d_hidden]
