# Two F.normalize calls interleaved in trace order before a temperature and a GEMM (trial 31 p06's shape of graph,
# without its loss): x's quotient is a piece of the one run `exp(s) * q` (the GEMM is past kwb_gemm_small_flops, so
# no prologue), so no pointwise launch follows x's norm and the row pass takes that run's piecewise form as its post
# (fuseRows' pieceReader, session 44); y's quotient is the GEMM's operand, a row pass as before.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = nn.Parameter(torch.tensor(1.2))

    def forward(self, x, y):
        x = F.normalize(x, dim=-1)
        y = F.normalize(y, dim=-1)
        return self.s.exp() * x @ y.t()


def get_inputs():
    return [torch.randn(800, 448), torch.randn(800, 448)]


def get_init_inputs():
    return []
