# 04_ce_label_smoothing in the form the planner's step 4 would emit (norm39's ce_ls_hand forward): per row the
# logsumexp and the mean logit in one kwb_rows launch, the target's logit gathered by its per-row post, then the batch
# mean (kwb_reduce). The stage library is the one of new/ln_cf.py (this tree's generated kernel), executed here.
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(_HERE, "..", "new", "ln_cf.py")) as _f:
    exec(compile(_f.read(), "new/ln_cf.py", "exec"), globals())
if "kwb_at" not in globals():  # the stage set is trimmed to what ln_cf's plan calls: the library's one-liner
    def kwb_at(t):
        return KwbAt(t)


@triton.jit
def _n40_ce_post(acc, i0, i1, i2, i3, i4, mask, e0, e1, e2, e3, s00, s01, s02, s03, s04, s10, s11, s12, s13, s14,
                 s20, s21, s22, s23, s24, s30, s31, s32, s33, s34, f0, f1, f2, f3):
    # acc: the row's logsumexp; e0: the mean logit; e1: the target (int64, read at the row); e2: the logits, read at
    # (row, target) through s23 (row stride) and s24 (column stride)
    ml = tl.load(e0 + (i0 * s00 + i1 * s01 + i2 * s02 + i3 * s03 + i4 * s04), mask=mask, other=0.0).to(tl.float32)
    t = tl.load(e1 + (i0 * s10 + i1 * s11 + i2 * s12 + i3 * s13 + i4 * s14), mask=mask, other=0)
    xt = tl.load(e2 + (i3.to(tl.int64) * s23 + t.to(tl.int64) * s24), mask=mask, other=0.0).to(tl.float32)
    return acc - (1.0 - f0) * xt - f0 * ml


class ModelNew(torch.nn.Module):
    def __init__(self, smoothing):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits, target):
        out_dtype = logits.dtype
        t0, t1, loss = kwb_rows([(logits, [1], "logsumexp", True, None, (), (), torch.float32),
                                 (logits, [1], "mean", True, None, (), (), torch.float32)],
                                post=_n40_ce_post, post_tensors=(1, target[:, None], kwb_at(logits)),
                                post_scalars=(float(self.smoothing),), post_dtype=torch.float32)
        return kwb_as_dtype(kwb_reduce(loss, [], "mean", False), out_dtype)
