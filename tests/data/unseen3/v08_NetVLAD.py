import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """NetVLAD: soft assignment (matmul, batch norm, softmax), residual aggregation (matmul, sum), intra and L2
    normalisation."""

    def __init__(self, cluster_size, feature_size, ghost_clusters):
        super(Model, self).__init__()
        self.feature_size = feature_size
        self.cluster_size = cluster_size
        self.ghost_clusters = ghost_clusters
        init_sc = 1 / math.sqrt(feature_size)
        clusters = cluster_size + ghost_clusters
        self.clusters = nn.Parameter(init_sc * torch.randn(feature_size, clusters))
        self.batch_norm = nn.BatchNorm1d(clusters)
        self.clusters2 = nn.Parameter(init_sc * torch.randn(1, feature_size, cluster_size))
        self.out_dim = cluster_size * feature_size

    def forward(self, x):
        max_sample = x.size()[1]
        x = x.view(-1, self.feature_size)                       # B*N x D
        assignment = torch.matmul(x, self.clusters)             # B*N x (K+G)
        assignment = self.batch_norm(assignment)
        assignment = F.softmax(assignment, dim=1)
        assignment = assignment[:, :self.cluster_size]
        assignment = assignment.view(-1, max_sample, self.cluster_size)   # B x N x K
        a_sum = torch.sum(assignment, dim=1, keepdim=True)      # B x 1 x K
        a = a_sum * self.clusters2
        assignment = assignment.transpose(1, 2)                 # B x K x N
        x = x.view(-1, max_sample, self.feature_size)           # B x N x D
        vlad = torch.matmul(assignment, x)                      # B x K x D
        vlad = vlad.transpose(1, 2)                             # B x D x K
        vlad = vlad - a
        vlad = F.normalize(vlad)                                # intra-normalisation over D
        vlad = vlad.reshape(-1, self.cluster_size * self.feature_size)
        vlad = F.normalize(vlad)
        return vlad


batch_size = 2
num_features = 32
num_clusters = 16
feature_size = 64
ghost_clusters = 4


def get_inputs():
    return [torch.randn(batch_size, num_features, feature_size)]


def get_init_inputs():
    return [num_clusters, feature_size, ghost_clusters]
