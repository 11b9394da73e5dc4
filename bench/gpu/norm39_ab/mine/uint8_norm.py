# uint8 image normalise (cast38's 0.55x): main's one launch reads the mean through kwb_at(t1.expand(img.shape)), which
# keeps kwb_pointwise from merging dims (KwbAt); `mine` passes the same tensor plainly (same strides after the
# broadcast) so that H and W merge into rows of H*W; `main_flat` is main's plan on the flat kernel (kwb_pointwise_rows
# off); `main_b4096` main's plan with 4096-element programs and 8 warps.
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import load_into
load_into(globals(), "uint8_norm")


class ModelNew(ModelNew):
    def forward(self, img, mean, std):
        kwb_out_dtype = torch.promote_types(torch.float32, mean.dtype)
        t1 = mean.reshape(1, mean.shape[0], 1, 1)
        t3 = std.reshape(1, std.shape[0], 1, 1)
        t4 = kwb_pointwise(img, epi=_kwb_epi2, epi_tensors=(t3, t1), epi_scalars=(), out_dtype=kwb_out_dtype)
        return kwb_as_dtype(t4, kwb_out_dtype)


class _Main(ModelNew.__mro__[1]):  # main's forward, module constants set for the call
    SET = {}

    def forward(self, *args):
        g = globals()
        old = {k: g[k] for k in self.SET}
        g.update(self.SET)
        try:
            return super().forward(*args)
        finally:
            g.update(old)


class MainFlat(_Main):
    SET = {"kwb_pointwise_rows": False}


class MainB4096(_Main):
    SET = {"KWB_POINTWISE_BLOCK": 4096, "KWB_POINTWISE_WARPS": 8}


ModelNew3d = None
VARIANTS = {"main_flat": MainFlat, "main_b4096": MainB4096}
