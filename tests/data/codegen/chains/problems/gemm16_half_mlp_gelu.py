# Chain-planner test problem (not KernelBench): a `.half()` MLP, Linear -> GELU -> Linear with biases on an fp16
# input: both GEMMs take 16-bit operands, the hidden activation is held in fp16 (issue 14, session 24).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)
        self.half()

    def forward(self, x):
        return self.fc2(torch.nn.functional.gelu(self.fc1(x)))


batch_size = 20
d_in = 48
d_hidden = 80
d_out = 36


def get_inputs():
    return [torch.randn(batch_size, d_in, dtype=torch.float16)]


def get_init_inputs():
    return [d_in, d_hidden, d_out]
