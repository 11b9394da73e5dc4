import torch
import torch.nn as nn


class Model(nn.Module):
    """W8A8 integer GEMM as a reference implementation writes it: int8 activations and int8 weights
    multiplied with int32 accumulation (both cast to int32 first), then dequantised with a per-token
    and a per-channel scale, + bias, SiLU."""

    def __init__(self, in_features, out_features):
        super().__init__()
        g = torch.Generator().manual_seed(0)
        self.register_buffer("w_q", torch.randint(-127, 128, (in_features, out_features), generator=g, dtype=torch.int8))
        self.register_buffer("w_scale", torch.rand(out_features, generator=g) * 0.01 + 0.001)
        self.bias = nn.Parameter(torch.randn(out_features) * 0.1)

    def forward(self, x_q, x_scale):  # x_q int8 [batch, in], x_scale [batch, 1]
        acc = x_q.to(torch.int32) @ self.w_q.to(torch.int32)            # int32
        y = acc.float() * x_scale * self.w_scale + self.bias
        return torch.nn.functional.silu(y)


batch = 64
in_features = 512
out_features = 384


def get_inputs():
    return [torch.randint(-127, 128, (batch, in_features), dtype=torch.int8), torch.rand(batch, 1) * 0.02 + 0.001]


def get_init_inputs():
    return [in_features, out_features]
