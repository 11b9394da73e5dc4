"""The harness's comparisons work piece by piece (pieces(), COMPARE_CHUNK) so that they hold no temporary of an
output's full size; these tests hold them to the whole-tensor definitions they replaced (kept here as the
oracle), with pieces far smaller than the tensors so that every path crosses piece boundaries."""
import math
import unittest

import torch

import harness_support as h


def whole_compare(out, ref):
    """The whole-tensor comparison of session 10's harness (its verdict fields): the oracle."""
    o, f = out.float(), ref.float()
    ref_fin = torch.isfinite(f)
    n_ref_bad = int((~ref_fin).sum().item())
    if n_ref_bad:
        same_nan = bool((torch.isnan(o) == torch.isnan(f)).all())
        inf_mask = torch.isinf(f)
        same_inf = bool((torch.isinf(o) == inf_mask).all()) and bool((o[inf_mask] == f[inf_mask]).all())
        if not (same_nan and same_inf):
            return {"mismatch": n_ref_bad}
        o, f = o[ref_fin], f[ref_fin]
    elif not bool(torch.isfinite(o).all()):
        return {"nonfinite": (int(torch.isnan(o).sum()), int(torch.isinf(o).sum()))}
    n = max(1, f.numel())
    ref_norm = float(torch.linalg.norm(f.reshape(-1))) if f.numel() else 0.0
    err_norm = float(torch.linalg.norm((o - f).reshape(-1))) if f.numel() else 0.0
    # a constant reference is a weak check; an all-zero one is vacuous instead (all_zero, new-user trial 30 #12)
    const = f.numel() > 1 and bool((f == f.reshape(-1)[0]).all()) and float(f.reshape(-1)[0]) != 0.0
    return {"ref_norm": ref_norm, "err_norm": err_norm, "n": n, "const": const, "bad": n_ref_bad}


class PiecewiseComparison(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mod = h.load_rendered(h.RELU_SPEC, name="kwb_rendered_harness_compare")
        cls.mod.torch = torch
        cls.mod.COMPARE_CHUNK = 37  # pieces of 37 elements: rows, runs within a row, 0-d and empty tensors

    def test_pieces_cover_every_element_once_in_row_major_order(self):
        for shape in [(), (0,), (5,), (100,), (3, 50), (50, 3), (2, 3, 40), (7, 1, 90), (1, 1, 1000), (4, 0, 5)]:
            t = torch.arange(max(1, math.prod(shape))).reshape(shape) if math.prod(shape) else torch.zeros(shape)
            got = [t[idx].reshape(-1) for idx in self.mod.pieces(t.shape)]
            self.assertTrue(all(p.numel() <= max(37, 1) for p in got), shape)
            self.assertTrue(torch.equal(torch.cat(got) if got else torch.zeros(0), t.reshape(-1)), shape)
            # a non-contiguous tensor is cut by index, the same way
            if t.dim() >= 2 and t.numel():
                tt = t.transpose(0, -1)
                got = [tt[idx].reshape(-1) for idx in self.mod.pieces(tt.shape)]
                self.assertTrue(torch.equal(torch.cat(got), tt.reshape(-1)), shape)

    def check(self, out, ref, expected_reason=None):
        r = self.mod.compare(out, ref, out.dtype, out.device, 0.01, "output")
        w = whole_compare(out, ref)
        if "mismatch" in w:
            self.assertIn("the reference has %d non-finite values and the kernel's do not match" % w["mismatch"],
                          r["reason"])
            self.assertFalse(r["ok"])
            return r
        if "nonfinite" in w:
            self.assertIn("kernel output is non-finite (%d NaN, %d Inf)" % w["nonfinite"], r["reason"])
            self.assertFalse(r["ok"])
            return r
        if w["bad"] and w["bad"] == out.numel():  # nothing finite: a vacuous check, never "reference is all zero"
            self.assertEqual((r["ok"], r["criterion"], r.get("vacuous")), (True, "vacuous", True), r)
            self.assertIn("no finite value to compare", r["reason"])
            self.assertIn("the check is vacuous", r["reason"])
            return r
        self.assertEqual(any("reference output is constant" in x for x in r["warnings"]), w["const"], r)
        self.assertEqual(any("non-finite values; they match exactly" in x for x in r["warnings"]), w["bad"] > 0)
        if w["ref_norm"] / math.sqrt(w["n"]) < self.mod.TINY_REF_RMS:
            self.assertEqual(r["criterion"], "absolute")
            self.assertAlmostEqual(r["abs_err"], w["err_norm"] / math.sqrt(w["n"]), places=6)
        else:
            self.assertEqual(r["criterion"], "relative")
            self.assertAlmostEqual(r["rel_err"], w["err_norm"] / w["ref_norm"], delta=1e-6 * (1 + r["rel_err"]))
        return r

    def test_an_all_non_finite_reference_is_a_vacuous_check(self):
        # new-user trial 21 #3: an unbiased std over a dim of size 1 is NaN everywhere; the case read "PASS, reference
        # is all zero (||ref|| = 0)". compare() says it is vacuous; run_case makes it SKIPPED and summarize() needs
        # another case to pass
        nan = torch.full((3, 50), float("nan"))
        r = self.check(nan.clone(), nan)
        self.assertNotIn("all zero", r["reason"])
        self.check(torch.full((4, 10), float("inf")), torch.full((4, 10), float("inf")))
        self.check(torch.zeros(3, 50), nan)  # a kernel that differs there still fails
        both = self.mod.compare_all([nan.clone(), nan.clone()], [nan, nan], [torch.float32] * 2, nan.device, 0.01)
        self.assertTrue(both["vacuous"])
        mixed = self.mod.compare_all([nan.clone(), torch.ones(3)], [nan, torch.ones(3)], [torch.float32] * 2,
                                     nan.device, 0.01)
        self.assertFalse(mixed["vacuous"])  # one output was checked: the case is a real PASS

    def test_vacuous_cases_neither_pass_nor_fail_the_run(self):
        vac = {"name": "boundary_size1", "status": "SKIPPED", "rel_err": None,
               "reason": "output: no finite value to compare (all 5 reference values are non-finite, and the "
                         "kernel's match them): the check is vacuous"}
        ok = {"name": "problem_shape", "status": "PASS", "rel_err": 0.0}
        for mode in ("gpu", "cpu-dry-run"):
            result = {"mode": mode, "cases": [dict(ok), dict(vac)], "timing_method": None}
            self.mod.summarize(result)
            self.assertEqual(result["status"], "PASS", mode)
            result = {"mode": mode, "cases": [dict(vac)], "timing_method": None}
            self.mod.summarize(result)
            self.assertEqual(result["status"], "FAIL", mode)  # every case vacuous: nothing was checked

    def test_the_verdicts_match_the_whole_tensor_comparison(self):
        g = torch.Generator().manual_seed(5)
        ref = torch.randn(7, 90, generator=g)
        self.check(ref.clone(), ref)
        self.check(ref + 1e-3 * torch.randn(7, 90, generator=g), ref)
        self.check(ref * 1.5, ref)
        self.check(ref.t().contiguous().t(), ref)  # a non-contiguous output
        bad = ref.clone()
        bad[6, 89] = float("nan")
        self.check(bad, ref)                                   # NaN where the reference is finite
        bad[3, 5] = float("inf")
        self.check(bad, ref)
        rnan = ref.clone()
        rnan[0, 40], rnan[5, 1] = float("nan"), float("-inf")
        self.check(rnan.clone(), rnan)                         # non-finite reference, matched
        o = rnan.clone()
        o[5, 1] = float("inf")                                 # an Inf of the wrong sign
        self.check(o, rnan)
        o = rnan.clone()
        o[0, 40] = 0.0                                         # a NaN not reproduced
        self.check(o, rnan)
        o = rnan.clone()
        o[2, 2] = float("nan")                                 # an extra NaN beside matched ones
        self.check(o, rnan)
        const = torch.full((3, 50), 2.5)
        r = self.check(const.clone(), const)
        self.assertIn("every element 2.5", " ".join(r["warnings"]))
        zero = torch.zeros(4, 30)
        self.check(zero + 1e-14, zero)                         # the absolute criterion
        self.check(torch.tensor(3.0), torch.tensor(3.0))       # 0-d
        self.check(torch.zeros(0, 5), torch.zeros(0, 5))       # empty
        lp = ref.to(torch.bfloat16)
        self.check(lp, lp.float().to(torch.bfloat16))

    def test_same_values_and_all_finite(self):
        m = self.mod
        a = torch.randn(9, 40)
        self.assertTrue(m.same_values(a, a.clone()))
        b = a.clone()
        b[8, 39] += 1
        self.assertFalse(m.same_values(a, b))
        a[4, 4] = float("nan")
        b = a.clone()
        self.assertTrue(m.same_values(a, b))                   # NaN equals NaN
        self.assertFalse(m.same_values(a, b.double()))         # dtype
        h16 = torch.randn(6, 50).to(torch.bfloat16)
        self.assertTrue(m.same_values(h16.float(), h16, upcast_b=True))
        self.assertFalse(m.same_values(h16.float() + 1, h16, upcast_b=True))
        i = torch.arange(300).reshape(3, 100)
        self.assertTrue(m.same_values(i, i.clone()))
        j = i.clone()
        j[2, 99] = 0
        self.assertFalse(m.same_values(i, j))
        self.assertTrue(m.all_finite(torch.ones(9, 40)))
        x = torch.ones(9, 40)
        x[8, 39] = float("inf")
        self.assertFalse(m.all_finite(x))
        self.assertTrue(m.all_finite(i))

    def test_rel_err_float64_matches_the_whole_tensor_definition(self):
        a, b = torch.randn(11, 23), torch.randn(11, 23)
        want = float((a.double() - b.double()).norm() / max(float(b.double().norm()), 1e-30))
        self.assertAlmostEqual(self.mod.rel_err_float64(a, b), want, places=12)
        self.assertEqual(self.mod.rel_err_float64(torch.zeros(3, 40), torch.zeros(3, 40)), 0.0)


if __name__ == "__main__":
    unittest.main()
