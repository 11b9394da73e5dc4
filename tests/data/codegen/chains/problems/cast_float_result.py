import torch
import torch.nn as nn


class Model(nn.Module):
    """An fp16 input normalised in fp32 and returned in fp32 (.float(), a fixed result dtype): RMS over the last dim,
    scaled by a weight. The harness's dtype_bf16 case casts x and the weight to bf16; the result stays float32."""

    def __init__(self, dim):
        super(Model, self).__init__()
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, x):
        xf = x.float()
        return xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight


batch_size = 6
seq_len = 20
dim = 96


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim, dtype=torch.float16)]


def get_init_inputs():
    return [dim]
