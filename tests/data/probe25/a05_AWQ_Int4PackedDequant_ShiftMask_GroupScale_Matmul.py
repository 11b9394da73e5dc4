import torch
import torch.nn as nn


class Model(nn.Module):
    """W4A16 linear as AWQ / GPTQ reference code dequantises it: eight 4-bit weights packed per int32
    (little nibble first), unpacked with >> and & 0xF, (q - zero) * scale per group of 64 input rows,
    then x @ W + bias."""

    def __init__(self, in_features, out_features, group):
        super().__init__()
        g = torch.Generator().manual_seed(0)
        q = torch.randint(0, 16, (in_features, out_features), generator=g, dtype=torch.int32)
        packed = torch.zeros(in_features, out_features // 8, dtype=torch.int32)
        for i in range(8):
            packed |= q[:, i::8] << (4 * i)
        self.register_buffer("qweight", packed)
        self.register_buffer("zeros", torch.randint(6, 10, (in_features // group, out_features), generator=g).float())
        self.register_buffer("scales", torch.rand(in_features // group, out_features, generator=g) * 0.02 + 0.005)
        self.bias = nn.Parameter(torch.randn(out_features) * 0.1)
        self.group = group

    def forward(self, x):  # [batch, in_features]
        shifts = torch.arange(8, device=x.device, dtype=torch.int32) * 4
        q = (self.qweight.unsqueeze(-1) >> shifts) & 0xF                       # [in, out/8, 8]
        q = q.reshape(q.shape[0], -1).float()                                   # [in, out]
        zeros = self.zeros.repeat_interleave(self.group, dim=0)
        scales = self.scales.repeat_interleave(self.group, dim=0)
        w = (q - zeros) * scales
        return x @ w + self.bias


batch = 32
in_features = 512
out_features = 256


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features, 64]
