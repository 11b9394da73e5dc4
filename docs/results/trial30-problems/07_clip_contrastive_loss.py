# CLIP contrastive loss: L2-normalise image and text embeddings, logits = exp(logit_scale) * img @ txt.T
# (logit_scale a learned scalar, clamped at ln 100), symmetric cross-entropy against arange labels.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

N, D = 1024, 512


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, img, txt):
        img = img / img.norm(dim=-1, keepdim=True)
        txt = F.normalize(txt, dim=-1)
        scale = self.logit_scale.clamp(max=math.log(100.0)).exp()
        logits = scale * img @ txt.t()
        labels = torch.arange(logits.shape[0], device=logits.device)
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


def get_inputs():
    return [torch.randn(N, D), torch.randn(N, D)]


def get_init_inputs():
    return []
