import torch
import torch.nn as nn


class Model(nn.Module):
    """Mixed half types: an fp16 input times a bf16 parameter promotes to fp32 (torch's rule for the two
    16-bit floats), then a Linear held in bf16 reads x cast to bf16; the output is bf16."""

    def __init__(self, dim, out):
        super().__init__()
        self.gain = nn.Parameter(torch.rand(dim, dtype=torch.bfloat16) + 0.5)
        self.fc = nn.Linear(dim, out).to(torch.bfloat16)

    def forward(self, x):
        h = torch.tanh(x * self.gain)
        return self.fc(h.to(torch.bfloat16))


batch = 256
dim = 512
out = 256


def get_inputs():
    return [torch.randn(batch, dim, dtype=torch.float16)]


def get_init_inputs():
    return [dim, out]
