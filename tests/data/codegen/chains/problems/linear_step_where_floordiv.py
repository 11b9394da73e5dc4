# Session 31 (H200): a GEMM read by pointwise ops with a jump -- a comparison's threshold and floor_divide's steps.
# At TF32 a value near a step lands on its other side (probe17's v01 / v03 / v08b FAILed at rel_err 0.016-0.074);
# the GEMM runs in full fp32 (kwb_gemm(..., ieee=True)), as for a selection.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(96, 160)

    def forward(self, x):
        y = self.fc(x) * 2.0
        return torch.where(y > 0.3, torch.floor_divide(y, 0.5), torch.tanh(y))


batch = 48


def get_inputs():
    return [torch.randn(batch, 96)]


def get_init_inputs():
    return []
