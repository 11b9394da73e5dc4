# (redpro41, issue 14: the gather-prologue class's second member) Candidate scoring for retrieval: every query row
# of a [B, V] score table picks K candidate columns for each of M slots (int64), weighs them by a learned
# per-candidate weight and averages over the K candidates. The gather reads the scores through a broadcast
# (stride-0) view of the table; the mean over K is one kwb_reduce_gathered launch.
import torch
import torch.nn as nn

B, V, M, K = 2, 777, 100, 8


class Model(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.w = nn.Parameter(torch.linspace(0.5, 1.5, k))

    def forward(self, scores, cand):
        # scores [B, V], cand [B, M, K] int64
        Bn, Mn, Kn = cand.shape
        table = scores.unsqueeze(1).expand(Bn, Mn, scores.shape[1])
        g = torch.gather(table, 2, cand)  # [B, M, K]
        return (g * self.w).mean(dim=-1)  # [B, M]


def get_inputs():
    return [torch.randn(B, V), torch.randint(0, V, (B, M, K), dtype=torch.int64)]


def get_init_inputs():
    return [K]
