import torch
import torch.nn as nn
import torch.nn.functional as F

# A transformer MLP block in bf16: Linear -> +bias -> GELU(tanh) -> Linear, no dropout.
class Model(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff, bias=True)
        self.fc2 = nn.Linear(d_ff, d_model, bias=True)
        self.to(torch.bfloat16)  # the weights in the input's dtype

    def forward(self, x):
        h = F.gelu(self.fc1(x), approximate="tanh")
        return self.fc2(h)

batch = 8
seq = 512
d_model = 1024
d_ff = 4096

def get_inputs():
    return [torch.randn(batch, seq, d_model, dtype=torch.bfloat16)]

def get_init_inputs():
    return [d_model, d_ff]
