import torch
import torch.nn as nn

# Ragged / segment sum (a GNN aggregation): rows of `values` summed into their segment's row.
class Model(nn.Module):
    def __init__(self, num_segments):
        super().__init__()
        self.num_segments = num_segments

    def forward(self, values, segment_ids):
        out = torch.zeros(self.num_segments, values.shape[1], dtype=values.dtype, device=values.device)
        return out.index_add(0, segment_ids, values)

N, D, NSEG = 65536, 128, 1024

def get_inputs():
    ids, _ = torch.sort(torch.randint(0, NSEG, (N,)))
    return [torch.randn(N, D), ids]

def get_init_inputs():
    return [NSEG]
