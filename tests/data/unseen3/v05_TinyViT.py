import torch
import torch.nn as nn


class Model(nn.Module):
    """Tiny ViT: patch embedding conv, class token, learned position embedding, encoder layers, layer norm, head."""

    def __init__(self, image_size, patch_size, num_classes, dim, depth, heads, mlp_dim, channels=3):
        super(Model, self).__init__()
        num_patches = (image_size // patch_size) ** 2
        self.patch_embed = nn.Conv2d(channels, dim, kernel_size=patch_size, stride=patch_size)
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        self.pos_embedding = nn.Parameter(torch.randn(1, num_patches + 1, dim) * 0.02)
        self.encoder = nn.ModuleList([
            nn.TransformerEncoderLayer(d_model=dim, nhead=heads, dim_feedforward=mlp_dim, dropout=0.0,
                                       batch_first=True)
            for _ in range(depth)
        ])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, img):
        x = self.patch_embed(img)                 # (B, dim, H/p, W/p)
        x = x.flatten(2).transpose(1, 2)          # (B, N, dim)
        cls = self.cls_token.expand(x.shape[0], -1, -1)
        x = torch.cat((cls, x), dim=1)
        x = x + self.pos_embedding
        for layer in self.encoder:
            x = layer(x)
        x = self.norm(x[:, 0])
        return self.head(x)


batch_size = 2
image_size = 32
patch_size = 8
num_classes = 10
dim = 32
depth = 2
heads = 4
mlp_dim = 64


def get_inputs():
    return [torch.randn(batch_size, 3, image_size, image_size)]


def get_init_inputs():
    return [image_size, patch_size, num_classes, dim, depth, heads, mlp_dim]
