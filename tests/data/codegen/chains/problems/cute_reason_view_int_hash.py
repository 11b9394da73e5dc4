import torch
import torch.nn as nn


class Model(nn.Module):
    """Hashed ids read through a transpose (session 36, cute36): integer arithmetic on ids.t() (exact in int64 only),
    scaling x. The CuTe DSL elementwise template reads no views and the stage set's kwb_pointwise, which would read
    the view by stride, refuses int64 arithmetic: the skeleton's reason names ids.t() and its line, never the
    generator's name of it (new-user trial 12, #14)."""

    def __init__(self, num_buckets):
        super().__init__()
        self.num_buckets = num_buckets

    def forward(self, ids, x):
        h = torch.remainder(ids.t() * 1000003 + 12345, self.num_buckets)
        return x * h.to(x.dtype)


seq_len = 40
batch_size = 6
num_buckets = 61


def get_inputs():
    return [torch.randint(-(10 ** 6), 10 ** 6, (seq_len, batch_size)), torch.randn(batch_size, seq_len)]


def get_init_inputs():
    return [num_buckets]
