import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """QAT linear: the weight is fake-quantised per output channel to int8 (symmetric, scale = absmax / 127,
    torch.fake_quantize_per_channel_affine with zero points 0), the activation per tensor (scale 0.05, zero point
    0, [-128, 127]); then the linear layer."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        w = self.linear.weight
        scale = w.detach().abs().amax(dim=1).clamp(min=1e-8) / 127.0
        zp = torch.zeros(w.size(0), dtype=torch.int32, device=w.device)
        wq = torch.fake_quantize_per_channel_affine(w, scale, zp, 0, -128, 127)
        xq = torch.fake_quantize_per_tensor_affine(x, 0.05, 0, -128, 127)
        return F.linear(xq, wq, self.linear.bias)


batch_size = 256
in_features = 1024
out_features = 768


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
