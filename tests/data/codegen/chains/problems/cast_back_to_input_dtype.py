import torch
import torch.nn as nn


class Model(nn.Module):
    """LLaMA's RMSNorm on an fp16 input: normalise in fp32, cast back with .to(x.dtype) (a dtype that follows the
    input), then scale by an fp32 weight. At the spec fp16 * fp32 gives float32; in the harness's dtype cases the
    weight has x's dtype, so the result has it too: torch's promotion of x's and the weight's dtypes."""

    def __init__(self, dim):
        super(Model, self).__init__()
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, x):
        xf = x.float()
        xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)
        return self.weight * xf.to(x.dtype)


batch_size = 4
seq_len = 33
dim = 128


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim, dtype=torch.float16)]


def get_init_inputs():
    return [dim]
