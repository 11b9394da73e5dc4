# Chain-planner test problem (not KernelBench): a Linear whose output is clamped by a parameter (min=) and a
# forward() input (max=), both tensors by keyword, fused into the GEMM's epilogue (probe16's clamp class).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.lo = nn.Parameter(torch.randn(out_features) * 0.2 - 0.2)

    def forward(self, x, hi):
        return torch.clamp(self.fc(x), min=self.lo, max=hi)


batch = 33
in_features = 48
out_features = 40


def get_inputs():
    return [torch.randn(batch, in_features), torch.rand(batch, 1) * 0.5]


def get_init_inputs():
    return [in_features, out_features]
