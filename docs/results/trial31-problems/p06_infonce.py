# CLIP-style symmetric InfoNCE with a learnable temperature (fp32).
import torch, torch.nn as nn, torch.nn.functional as F
N, D = 1024, 512
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(2.6592))
    def forward(self, img, txt):
        img = F.normalize(img, dim=-1)
        txt = F.normalize(txt, dim=-1)
        logits = self.logit_scale.exp() * img @ txt.t()
        labels = torch.arange(img.shape[0], device=img.device)
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
def get_inputs():
    return [torch.randn(N, D), torch.randn(N, D)]
def get_init_inputs():
    return []
