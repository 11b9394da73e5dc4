# A Linear over a [B, T, C] sequence, tanh, transposed to [B, D, T] and gated by a [B, D, T] tensor: the pointwise
# run stops at a view in its middle (tanh before the transpose, `* g + 1` after it). The view commutes with the
# elementwise ops before it, so it moves before them as a view of the GEMM's output and the whole run is the GEMM's
# epilogue through it (session 41, conv41b; the class of conv41_causal_pad_dwconv1d_silu's `silu(y).transpose * x`).
import torch
import torch.nn as nn

B, T, C, D = 2, 24, 32, 48


class Model(nn.Module):
    def __init__(self, c, d):
        super().__init__()
        self.fc = nn.Linear(c, d)

    def forward(self, x, g):
        return torch.tanh(self.fc(x) * 0.5).transpose(1, 2) * g + 1.0


def get_inputs():
    return [torch.randn(B, T, C), torch.randn(B, D, T)]


def get_init_inputs():
    return [C, D]
