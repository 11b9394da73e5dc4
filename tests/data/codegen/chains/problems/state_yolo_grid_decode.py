# Trial 29 04_yolo_decode_head (docs/results/trial29-problems), smaller: the grid from kept aranges rebuilt per call (#4).
# YOLOv3/v5-style detection head decode for one scale: 1x1 conv -> [B, A, 5+C, H, W] -> permute;
# xy = (sigmoid*2 - 0.5 + grid) * stride, wh = (sigmoid*2)^2 * anchor, obj/cls = sigmoid; -> [B, A*H*W, 5+C].
import torch
import torch.nn as nn

Bt, Cin, H, W, NA, NC, STRIDE = 2, 32, 6, 5, 3, 80, 16  # trial 29 04 at 8, 256, 40, 40; small for the emulation


class Model(nn.Module):
    def __init__(self, cin, na, nc, stride):
        super().__init__()
        self.na, self.no, self.stride = na, nc + 5, stride
        self.conv = nn.Conv2d(cin, na * (nc + 5), 1)
        self.register_buffer('anchors', torch.tensor([[10., 13.], [16., 30.], [33., 23.]]))  # [A, 2] pixels

    def forward(self, x):
        b, _, h, w = x.shape
        p = self.conv(x).view(b, self.na, self.no, h, w).permute(0, 1, 3, 4, 2).contiguous()  # [B, A, H, W, no]
        yv, xv = torch.meshgrid(torch.arange(h, device=x.device), torch.arange(w, device=x.device), indexing='ij')
        grid = torch.stack((xv, yv), 2).view(1, 1, h, w, 2).float()
        s = p.sigmoid()
        xy = (s[..., 0:2] * 2 - 0.5 + grid) * self.stride
        wh = (s[..., 2:4] * 2) ** 2 * self.anchors.view(1, self.na, 1, 1, 2)
        out = torch.cat((xy, wh, s[..., 4:]), -1)
        return out.view(b, -1, self.no)


def get_inputs():
    return [torch.randn(Bt, Cin, H, W)]


def get_init_inputs():
    return [Cin, NA, NC, STRIDE]
