# Chain-planner test problem (not KernelBench): binary ops of a GEMM's halves in its epilogue (probe17's v06 / v36 /
# v08a skeletons): atan2 over all four quadrants, logaddexp, and maximum / minimum against 0-d tensors made in
# forward() (torch.tensor(c), a broadcast scalar).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(48, 2 * 40)

    def forward(self, x):
        a, b = self.fc(x).chunk(2, dim=1)
        y = torch.atan2(a, b) + torch.logaddexp(a * 4.0, b) * 0.5
        return torch.minimum(torch.maximum(y, torch.tensor(-0.8)), torch.tensor(2.5, dtype=torch.float32))


batch = 37


def get_inputs():
    return [torch.randn(batch, 48)]


def get_init_inputs():
    return []
