# (knn47, issue 14: the gathered-reduction class, embedding-bag style) A bag of K rows of a learned [V, D] table per
# sample, gathered along dim 0 through an index broadcast over D, weighted per sample and row and summed over the bag
# (dim 1 of the [S, K, D] view, not trailing): kwb_reduce_gathered's tile, the table's rows loaded once per bag
# element along D (coalesced) and never written as a gathered [S * K, D] tensor.
import torch
import torch.nn as nn

S, K, V, D = 40, 5, 97, 48


class Model(nn.Module):
    def __init__(self, num_rows, dim):
        super().__init__()
        self.table = nn.Parameter(torch.randn(num_rows, dim) * 0.1)

    def forward(self, ids, psw):
        # ids [S, K] int64, psw [S, K] per-sample weights
        Sn, Kn = ids.shape
        g = torch.gather(self.table, 0, ids.reshape(Sn * Kn, 1).expand(Sn * Kn, self.table.shape[1]))
        g = g.view(Sn, Kn, self.table.shape[1])
        return (g * psw.unsqueeze(-1)).sum(dim=1)  # [S, D]


def get_inputs():
    return [torch.randint(0, V, (S, K), dtype=torch.int64), torch.rand(S, K)]


def get_init_inputs():
    return [V, D]
