# Chain-planner test problem (not KernelBench): new-user trial 13's x08 at reduced sizes: a segment mean by
# scatter_add (sums and counts from zeros), each row centred by its segment's mean fetched back by index_select.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n_segments):
        super().__init__()
        self.n_segments = n_segments

    def forward(self, x, seg):
        sums = torch.zeros(self.n_segments, x.shape[1], dtype=x.dtype, device=x.device)
        sums = sums.scatter_add(0, seg.unsqueeze(1).expand(-1, x.shape[1]), x)
        counts = torch.zeros(self.n_segments, dtype=x.dtype, device=x.device)
        counts = counts.scatter_add(0, seg, torch.ones_like(seg, dtype=x.dtype))
        means = sums / counts.clamp(min=1).unsqueeze(1)
        return x - torch.index_select(means, 0, seg)


n_rows = 300
n_features = 20
n_segments = 17


def get_inputs():
    return [torch.randn(n_rows, n_features), torch.randint(0, n_segments, (n_rows,))]


def get_init_inputs():
    return [n_segments]
