# Chain-planner test problem (not KernelBench): trial 27's 04_ (F.cross_entropy with label_smoothing, issue 14,
# session 41) with reduction="sum", which torch 1.13 traces (its "mean" goes through masked_select). The
# log_softmax is read by the nll_loss and by a sum over the classes (the smoothing term): one kwb_nll walk over the
# logits gives both (row_sum=True), the log_softmax never written.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, smoothing):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits, target):
        return F.cross_entropy(logits, target, label_smoothing=self.smoothing, reduction="sum")


batch = 64
classes = 3000


def get_inputs():
    return [torch.randn(batch, classes), torch.randint(0, classes, (batch,))]


def get_init_inputs():
    return [0.1]
