# Chain-planner test problem (not KernelBench): the class of trial 27's 04_ (issue 14, session 41) on a
# segmentation map: F.cross_entropy over [N, C, H, W] logits with label_smoothing, ignore_index and reduction
# "none" (nll_loss2d_forward; the smoothing term a sum over dim 1 of the log_softmax, masked where the target is
# ignored). The loss and the smoothing sum from one kwb_nll walk over the classes of each pixel.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, smoothing, ignore):
        super().__init__()
        self.smoothing = smoothing
        self.ignore = ignore

    def forward(self, logits, target):
        return F.cross_entropy(logits, target, ignore_index=self.ignore, label_smoothing=self.smoothing,
                               reduction="none")


batch, classes, height, width = 3, 19, 10, 13


def get_inputs():
    return [torch.randn(batch, classes, height, width), torch.randint(0, classes, (batch, height, width))]


def get_init_inputs():
    return [0.2, 4]
