# Chain-planner test problem (not KernelBench): y08's class by other losses: smooth L1 (beta 0.3, summed) of a
# permuted view, and an unreduced soft margin loss of a column slice against a transposed target, scaled by it.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, beta):
        super().__init__()
        self.beta = beta

    def forward(self, x, y, z):
        s = F.smooth_l1_loss(x.permute(0, 2, 1), y, beta=self.beta, reduction="sum")
        m = F.soft_margin_loss(x[:, 1:, :].reshape(-1, x.shape[2]), z.t()[1:], reduction="none")
        return m * s


batch = 4
rows = 33
cols = 20


def get_inputs():
    x = torch.randn(batch, rows, cols)
    return [x, torch.randn(batch, cols, rows), torch.randn(cols, batch * (rows - 1) + 1).sign()]


def get_init_inputs():
    return [0.3]
