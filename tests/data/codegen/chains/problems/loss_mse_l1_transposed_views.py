# Chain-planner test problem (not KernelBench): y08's class (a loss on strided views): an MSE over a transposed pred and
# every other column of a target, plus a summed L1 over a permuted view, the operands read through their strides.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def forward(self, pred, target):
        mse = F.mse_loss(pred.transpose(1, 2), target[:, :, ::2])
        l1 = F.l1_loss(pred.permute(0, 2, 1) * 0.5, target[:, :, 1::2], reduction="sum")
        return mse + self.weight * l1


batch = 6
length = 50
channels = 36


def get_inputs():
    return [torch.randn(batch, length, channels), torch.randn(batch, channels, 2 * length)]


def get_init_inputs():
    return [0.01]
