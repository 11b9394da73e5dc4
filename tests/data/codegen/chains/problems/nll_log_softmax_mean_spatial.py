# Chain-planner test problem (not KernelBench): per-pixel classification: log_softmax over the channels of
# [N, C, H, W] logits, then F.nll_loss (mean, ignore_index 0) against [N, H, W] targets: nll_loss2d_forward.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, target):
        return F.nll_loss(F.log_softmax(x, dim=1), target, ignore_index=0)


def get_inputs():
    return [torch.randn(2, 7, 9, 5), torch.randint(0, 7, (2, 9, 5))]


def get_init_inputs():
    return []
