# (redpro41, issue 14: trial 28's 05_ at small sizes) PointNet++ feature propagation ("three_interpolate"): for
# each of M query points, gather the features of its K nearest source points (int64 indices) and blend them with
# inverse-distance weights. The gather is the weighted sum's prologue (kwb_reduce_gathered): never written.
import torch
import torch.nn as nn

B, N, M, K, Cf = 2, 300, 500, 3, 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, feats, idx, dist):
        # feats [B, C, N], idx [B, M, K] int64, dist [B, M, K]
        w = 1.0 / (dist + 1e-8)
        w = w / w.sum(dim=-1, keepdim=True)
        Bn, Cn, Nn = feats.shape
        Mn, Kn = idx.shape[1], idx.shape[2]
        g = torch.gather(feats, 2, idx.reshape(Bn, 1, Mn * Kn).expand(Bn, Cn, Mn * Kn))
        g = g.view(Bn, Cn, Mn, Kn)
        return (g * w.unsqueeze(1)).sum(dim=-1)  # [B, C, M]


def get_inputs():
    feats = torch.randn(B, Cf, N)
    idx = torch.randint(0, N, (B, M, K), dtype=torch.int64)
    dist = torch.rand(B, M, K) + 0.01
    return [feats, idx, dist]


def get_init_inputs():
    return []
