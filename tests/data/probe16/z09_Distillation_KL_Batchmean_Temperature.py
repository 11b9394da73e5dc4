import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Knowledge-distillation loss: KL(teacher || student) at temperature T with reduction='batchmean', scaled
    by T^2. Student logits arrive as a strided slice made inside forward (every other row)."""

    def __init__(self, temperature):
        super().__init__()
        self.t = temperature

    def forward(self, student, teacher):
        student = student[::2]
        log_p = F.log_softmax(student / self.t, dim=-1)
        q = F.softmax(teacher / self.t, dim=-1)
        return F.kl_div(log_p, q, reduction="batchmean") * (self.t * self.t)


batch = 2048
classes = 1001


def get_inputs():
    return [torch.randn(2 * batch, classes), torch.randn(batch, classes)]


def get_init_inputs():
    return [4.0]
