# router48 (issue 14, session 48): a one_hot of integer labels read by a larger broadcast product (not a router):
# per-sample class targets spread over K heads, `w[:, :, None] * one_hot(y, C).float()[:, None, :]` -> [N, K, C],
# plus a bias of the input's dtype; the [N, C] one_hot is recomputed per element (KWB_ONEHOT_RECOMPUTE) instead of
# written and read back.
import torch
import torch.nn as nn
import torch.nn.functional as F

N, K, C = 37, 5, 19


class Model(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c

    def forward(self, w, y, b):                             # [N, K] float, [N] int64, [C] float
        hot = F.one_hot(y, num_classes=self.c).to(w.dtype)
        return torch.sigmoid(w)[:, :, None] * hot[:, None, :] + b


def get_inputs():
    return [torch.randn(N, K), torch.randint(0, C, (N,)), torch.randn(C)]


def get_init_inputs():
    return [C]
