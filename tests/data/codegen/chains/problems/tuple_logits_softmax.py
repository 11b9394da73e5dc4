import torch
import torch.nn as nn

# Issue 14 (session 31): forward() returns a tuple -- a classifier head returning (logits, probabilities). The
# GEMM's result is an output and the softmax's input: the GEMM stores it, the softmax reads it.
class Model(nn.Module):
    """Linear head with GELU before it; returns (logits, softmax(logits / T))."""
    def __init__(self, d_in, n_classes, temperature):
        super().__init__()
        self.fc = nn.Linear(d_in, n_classes)
        self.t = temperature

    def forward(self, x):
        logits = self.fc(torch.nn.functional.gelu(x))
        return logits, torch.softmax(logits / self.t, dim=-1)


batch = 256
d_in = 512
n_classes = 1000
temperature = 2.0


def get_inputs():
    return [torch.randn(batch, d_in)]


def get_init_inputs():
    return [d_in, n_classes, temperature]
