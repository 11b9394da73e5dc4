# Kernel Workbench test problem (session 32, cute32): a Linear whose fp32 epilogue rounds to fp16 in its middle
# (.half().float(), as mixed-precision code writes it): the CuTe dialect's cast to a 16-bit float (TensorSSA.to, round
# to nearest even) in a GEMM epilogue, the second member beside the bf16 RMS norm's pointwise run.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, k, n):
        super().__init__()
        self.linear = nn.Linear(k, n)

    def forward(self, x):
        y = self.linear(x)
        h = (torch.tanh(y) * 3.0).half().float()
        return h * y + 1.0


def get_inputs():
    return [torch.randn(7, 12)]


def get_init_inputs():
    return [12, 33]
