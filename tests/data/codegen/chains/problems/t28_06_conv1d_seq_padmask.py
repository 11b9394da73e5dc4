# trial 28's 06_conv1d_seq_padmask (docs/results/trial28-problems/), the finding of session 41's conv41 (DIRECT_CL).
# Conformer-style convolution over a padded sequence batch: zero the padding, depthwise 1-D conv along
# time (channels-last input, so transposes around it), mask again, GELU, LayerNorm over channels.
import torch
import torch.nn as nn
import torch.nn.functional as F

B, T, C = 8, 400, 256
KS = 15


class Model(nn.Module):
    def __init__(self, c, ks):
        super().__init__()
        self.dw = nn.Conv1d(c, c, ks, padding=ks // 2, groups=c)
        self.ln = nn.LayerNorm(c)

    def forward(self, x, pad_mask):
        # x [B, T, C]; pad_mask [B, T] bool, True at padding
        x = x.masked_fill(pad_mask.unsqueeze(-1), 0.0)
        y = self.dw(x.transpose(1, 2)).transpose(1, 2)
        y = y.masked_fill(pad_mask.unsqueeze(-1), 0.0)
        return self.ln(F.gelu(y))


def get_inputs():
    x = torch.randn(B, T, C)
    lengths = torch.randint(T // 2, T + 1, (B,))
    pad_mask = torch.arange(T)[None, :] >= lengths[:, None]
    return [x, pad_mask]


def get_init_inputs():
    return [C, KS]
