import torch
import torch.nn as nn


class Model(nn.Module):
    """An fp16 input, a log-softmax over channels in fp32, the result cast with .to(torch.float16): a fixed dtype
    equal to the input's at the spec, which the trace alone cannot tell from .to(x.dtype) (the probe's dtype check
    can). The harness's dtype_bf16 case must still get float16 back."""

    def __init__(self, scale):
        super(Model, self).__init__()
        self.scale = scale

    def forward(self, x):
        z = torch.log_softmax(x.float() * self.scale, dim=1)
        return z.to(torch.float16)


batch_size = 8
channels = 40
length = 130


def get_inputs():
    return [torch.randn(batch_size, channels, length, dtype=torch.float16)]


def get_init_inputs():
    return [0.5]
