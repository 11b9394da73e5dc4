import torch
import torch.nn as nn


class Model(nn.Module):
    """Segment max pooling as point-cloud / GNN code writes it with scatter_reduce('amax'): per-point
    features from a Linear + ReLU, pooled into clusters given by an int64 assignment (include_self=False),
    then a Linear on the pooled features."""

    def __init__(self, cin, hidden, clusters):
        super().__init__()
        self.fc1 = nn.Linear(cin, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.clusters = clusters

    def forward(self, pts, assign):  # pts [points, cin], assign int64 [points]
        f = torch.relu(self.fc1(pts))
        idx = assign.unsqueeze(1).expand(-1, f.shape[1])
        pooled = torch.zeros(self.clusters, f.shape[1], device=f.device, dtype=f.dtype)
        pooled = pooled.scatter_reduce(0, idx, f, reduce="amax", include_self=False)
        return self.fc2(pooled)


points = 8192
cin = 6
hidden = 128
clusters = 256


def get_inputs():
    assign = torch.cat([torch.arange(clusters), torch.randint(0, clusters, (points - clusters,))])
    return [torch.randn(points, cin), assign[torch.randperm(points)]]


def get_init_inputs():
    return [cin, hidden, clusters]
