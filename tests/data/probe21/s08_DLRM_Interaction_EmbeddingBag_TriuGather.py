import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """DLRM dot interaction: a bottom MLP on dense features, three EmbeddingBag tables (mode sum, one index
    per bag through offsets), stack the 4 feature vectors, bmm(T, T^T), keep the strictly-lower pairs by a
    registered tril_indices buffer, concatenate with the dense vector, a top MLP to one logit, sigmoid."""

    def __init__(self, num_dense, dim, rows):
        super().__init__()
        self.bot1 = nn.Linear(num_dense, 128)
        self.bot2 = nn.Linear(128, dim)
        self.tables = nn.ModuleList([nn.EmbeddingBag(rows, dim, mode="sum") for _ in range(3)])
        n = 4
        li, lj = torch.tril_indices(n, n, offset=-1)
        self.register_buffer("li", li)
        self.register_buffer("lj", lj)
        self.top1 = nn.Linear(dim + n * (n - 1) // 2, 64)
        self.top2 = nn.Linear(64, 1)

    def forward(self, dense, idx0, idx1, idx2, offsets):
        x = F.relu(self.bot2(F.relu(self.bot1(dense))))
        embs = [t(i, offsets) for t, i in zip(self.tables, (idx0, idx1, idx2))]
        T = torch.stack([x] + embs, dim=1)
        Z = torch.bmm(T, T.transpose(1, 2))
        Zflat = Z[:, self.li, self.lj]
        r = torch.cat([x, Zflat], dim=1)
        return torch.sigmoid(self.top2(F.relu(self.top1(r))))


batch = 256
num_dense = 13
dim = 32
rows = 5000


def get_inputs():
    offsets = torch.arange(batch) * 2
    return [torch.randn(batch, num_dense), torch.randint(0, rows, (2 * batch,)),
            torch.randint(0, rows, (2 * batch,)), torch.randint(0, rows, (2 * batch,)), offsets]


def get_init_inputs():
    return [num_dense, dim, rows]
