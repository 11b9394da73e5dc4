import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Softplus with beta=2 and threshold=10 on an fp16 tensor read through a permuted (non-contiguous) view;
    odd, non-power-of-two dims."""

    def __init__(self, beta: float, threshold: float):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.softplus(x.permute(0, 2, 1), beta=self.beta, threshold=self.threshold)


batch = 17
rows = 1023
cols = 331


def get_inputs():
    return [torch.randn(batch, rows, cols, dtype=torch.float16) * 4]


def get_init_inputs():
    return [2.0, 10.0]
