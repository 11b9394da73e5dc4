# Wav2Vec2 positional convolutional embedding: grouped conv (k=128, groups=16, pad 64), drop last frame, GELU, residual.
import torch, torch.nn as nn, torch.nn.functional as F
B, T, C, K, G = 4, 1000, 768, 128, 16
class Model(nn.Module):
    def __init__(self, c, k, g):
        super().__init__()
        self.conv = nn.Conv1d(c, c, k, padding=k // 2, groups=g)
    def forward(self, x):            # x: [B, T, C]
        h = self.conv(x.transpose(1, 2))
        h = h[:, :, :-1]             # SamePad: remove the extra frame
        return x + F.gelu(h).transpose(1, 2)
def get_inputs():
    return [torch.randn(B, T, C)]
def get_init_inputs():
    return [C, K, G]
