# Knowledge-distillation loss (Hinton): alpha * T^2 * KL(softmax(t/T) || softmax(s/T)) (batchmean, log_target=False)
# + (1 - alpha) * CE(s, labels). Vocabulary-sized classes (32000), fp32.
import torch
import torch.nn as nn
import torch.nn.functional as F

N, V = 512, 32000


class Model(nn.Module):
    def __init__(self, temperature=4.0, alpha=0.7):
        super().__init__()
        self.t = temperature
        self.alpha = alpha

    def forward(self, student, teacher, labels):
        kd = F.kl_div(F.log_softmax(student / self.t, dim=-1), F.softmax(teacher / self.t, dim=-1),
                      reduction="batchmean") * (self.t * self.t)
        ce = F.cross_entropy(student, labels)
        return self.alpha * kd + (1.0 - self.alpha) * ce


def get_inputs():
    return [torch.randn(N, V), torch.randn(N, V), torch.randint(0, V, (N,))]


def get_init_inputs():
    return [4.0, 0.7]
