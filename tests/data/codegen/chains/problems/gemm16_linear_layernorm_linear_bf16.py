# Chain-planner test problem (not KernelBench): bf16 Linear -> LayerNorm -> GELU -> Linear: the first GEMM's result
# feeds a norm, so it stays fp32 (the fp32 intermediates rule); the GEMMs read 16-bit operands (issue 14, session 24).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, d_model, d_hidden):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_hidden, dtype=torch.bfloat16)
        self.norm = nn.LayerNorm(d_hidden, dtype=torch.bfloat16)
        self.fc2 = nn.Linear(d_hidden, d_model, dtype=torch.bfloat16)

    def forward(self, x):
        return self.fc2(torch.nn.functional.gelu(self.norm(self.fc1(x))))


batch_size = 2
seq_len = 12
d_model = 32
d_hidden = 56


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model, dtype=torch.bfloat16)]


def get_init_inputs():
    return [d_model, d_hidden]
