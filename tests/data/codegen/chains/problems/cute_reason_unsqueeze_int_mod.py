import torch
import torch.nn as nn


class Model(nn.Module):
    """Per-row int64 ids read through an unsqueeze (session 36, cute36; cute_reason_view_int_hash's class): a
    remainder in int64 on ids.unsqueeze(1), then a float scale of x. The refusal names ids.unsqueeze(1), its op and
    line, never the node id of the view."""

    def forward(self, ids, x):
        return x * torch.remainder(ids.unsqueeze(1) * 7919, 13).to(x.dtype)


batch_size = 12
dim = 24


def get_inputs():
    return [torch.randint(0, 10 ** 6, (batch_size,)), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
