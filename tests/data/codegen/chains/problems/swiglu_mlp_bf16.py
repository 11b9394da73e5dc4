import torch
import torch.nn as nn
import torch.nn.functional as F

# Sibling GEMMs over one A, member 1 (new-user trial 27 #6): LLaMA's MLP in bf16, down(silu(gate(x)) * up(x)), no
# biases. The gate and up projections are one kwb_gemm_dual launch (two accumulators over each x tile).
class Model(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.gate = nn.Linear(d_model, d_ff, bias=False)
        self.up = nn.Linear(d_model, d_ff, bias=False)
        self.down = nn.Linear(d_ff, d_model, bias=False)
        self.to(torch.bfloat16)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))

batch, seq, d_model, d_ff = 2, 48, 64, 176

def get_inputs():
    return [torch.randn(batch, seq, d_model, dtype=torch.bfloat16)]

def get_init_inputs():
    return [d_model, d_ff]
