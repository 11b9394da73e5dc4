# A forward() that branches on its input's rank (issue 14's own member): a [B, C, L] input is averaged over C first,
# a [B, L] one is not; then a softmax over the last dim, scaled by its width's parity. The harness never changes a
# rank, so the ndim test has one outcome at every case size; the parity test has two (L odd at boundary_tail).
import torch
import torch.nn as nn

B, C, L = 64, 8, 2048


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, inp):
        x = inp.mean(dim=1) if inp.dim() == 3 else inp
        y = torch.softmax(x, dim=-1)
        return y * 3.0 if inp.shape[-1] % 2 == 0 else y - 1.0


def get_inputs():
    return [torch.randn(B, C, L)]


def get_init_inputs():
    return []
