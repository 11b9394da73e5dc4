import torch
import torch.nn as nn

# Issue 14 (session 31), probe19 q12's class: cross entropy with class weights, label smoothing and the mean
# reduction, whose ATen path sizes its normaliser with a masked_select (data-dependent on meta tensors). Here the
# module form over segmentation logits [N, C, H, W], ignore_index 255 (a void label above the classes).
class Model(nn.Module):
    """nn.CrossEntropyLoss(weight, ignore_index=255, label_smoothing=0.05) of a 1x1 conv's logits."""
    def __init__(self, c_in, n_classes):
        super().__init__()
        self.head = nn.Conv2d(c_in, n_classes, 1)
        self.loss = nn.CrossEntropyLoss(weight=torch.linspace(0.25, 1.75, n_classes), ignore_index=255,
                                        label_smoothing=0.05)

    def forward(self, x, target):
        return self.loss(self.head(x), target)


batch = 4
c_in = 16
n_classes = 21
h = 24
w = 20


def get_inputs():
    target = torch.randint(0, n_classes, (batch, h, w))
    target[torch.rand(batch, h, w) < 0.15] = 255
    return [torch.randn(batch, c_in, h, w), target]


def get_init_inputs():
    return [c_in, n_classes]
