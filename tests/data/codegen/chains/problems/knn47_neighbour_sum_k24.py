# (knn47, issue 14: the gathered-reduction class, K large) Weighted neighbour aggregation with a wide neighbourhood:
# gather the features of K = 24 neighbours per query point (channels-first [B, C, N], the index broadcast over C) and
# sum them with Gaussian weights exp(-d^2 / 2): the trailing reduction of kwb_reduce_gathered, a run longer than the
# tile's walk (kwb_reduce_gathered_tile_max_l) kept on the row tiles.
import torch
import torch.nn as nn

B, C, N, M, K = 2, 12, 150, 70, 24


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, feats, idx, d):
        # feats [B, C, N], idx [B, M, K] int64, d [B, M, K]
        w = torch.exp(-0.5 * d * d)
        Bn, Cn, Nn = feats.shape
        Mn, Kn = idx.shape[1], idx.shape[2]
        g = torch.gather(feats, 2, idx.reshape(Bn, 1, Mn * Kn).expand(Bn, Cn, Mn * Kn)).view(Bn, Cn, Mn, Kn)
        return (g * w.unsqueeze(1)).sum(dim=-1)  # [B, C, M]


def get_inputs():
    return [torch.randn(B, C, N), torch.randint(0, N, (B, M, K), dtype=torch.int64), torch.rand(B, M, K) * 2.0]


def get_init_inputs():
    return []
