import torch
import torch.nn as nn
import torch.nn.functional as F
import math


class Model(nn.Module):
    """CLIP's loss head: project image and text features, L2-normalise, logits scaled by exp(logit_scale), and the
    mean of the two cross entropies (rows: image->text, columns: text->image) against arange labels."""

    def __init__(self, img_dim, txt_dim, embed):
        super().__init__()
        self.img_proj = nn.Linear(img_dim, embed, bias=False)
        self.txt_proj = nn.Linear(txt_dim, embed, bias=False)
        self.logit_scale = nn.Parameter(torch.ones([]) * math.log(1 / 0.07))

    def forward(self, img, txt):
        i = F.normalize(self.img_proj(img), dim=-1)
        t = F.normalize(self.txt_proj(txt), dim=-1)
        logits = self.logit_scale.exp() * i @ t.t()
        labels = torch.arange(logits.shape[0], device=logits.device)
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


batch = 1024
img_dim = 768
txt_dim = 512
embed = 512


def get_inputs():
    return [torch.randn(batch, img_dim), torch.randn(batch, txt_dim)]


def get_init_inputs():
    return [img_dim, txt_dim, embed]
