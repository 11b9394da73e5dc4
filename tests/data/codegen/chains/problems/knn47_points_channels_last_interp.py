# (knn47, issue 14: the gathered-reduction class, channels-last) Feature propagation over channels-last points: for
# each of M query points, gather the [C] feature rows of its K nearest source points (int64 indices along dim 1 of
# [B, N, C]) and blend them with normalised inverse-distance weights. The sum over K is dim -2 of the gathered view,
# not its trailing dim: kwb_reduce_gathered's tile (one launch, the gathered [B, M*K, C] never written).
import torch
import torch.nn as nn

B, N, M, K, C = 2, 200, 300, 3, 24


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points, idx, dist):
        # points [B, N, C], idx [B, M, K] int64, dist [B, M, K]
        w = 1.0 / (dist + 1e-8)
        w = w / w.sum(dim=-1, keepdim=True)
        Bn, Nn, Cn = points.shape
        Mn, Kn = idx.shape[1], idx.shape[2]
        g = torch.gather(points, 1, idx.reshape(Bn, Mn * Kn, 1).expand(Bn, Mn * Kn, Cn))
        g = g.view(Bn, Mn, Kn, Cn)
        return (g * w.unsqueeze(-1)).sum(dim=2)  # [B, M, C]


def get_inputs():
    points = torch.randn(B, N, C)
    idx = torch.randint(0, N, (B, M, K), dtype=torch.int64)
    dist = torch.rand(B, M, K) + 0.01
    return [points, idx, dist]


def get_init_inputs():
    return []
