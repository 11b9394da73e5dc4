#!/usr/bin/env python3
"""Session 48's scan-epilogue precedence (scanprec48), off vs on, beside eager and torch.compile (issue 14).

  KWB_SCAN_EPILOGUE_YIELD (on): the run after a float scan whose value is returned (or read elsewhere) and reduced by a
  later kwb_reduce with no line between reading it is that reduction's stored source (KWB_REDUCE_STORE_PROLOGUE), not
  the scan's epilogue (KWB_SCAN_EPILOGUE): the same launch count either way. Off = session 47's plan (the scan takes
  it, the reduction reads it back). Rows: the discounted return at its fixture size and at [4096, 1024], a weighted
  exclusive cumsum's mean over dim 1 of [1, 37, 5], a weighted plain cumsum's amax over dim 1 of [3, 40, 6] (the run
  the planner's scan anchor epilogue took before).
  KWB_SCAN_EPILOGUE (on, the yield on both sides): the rows where the scan still takes the run -- the two NeRFs, a
  weighted exclusive cumprod whose sigmoid is read before its row sum, a weighted exclusive cumsum reduced twice by
  one kwb_rows launch (the epilogue's second pass).

    python3 bench/gpu/scanprec48_ab.py --generate .gpu/scanprec48                 # CPU machine: this tree's kwb
    python3 bench/gpu/scanprec48_ab.py --kernels .gpu/scanprec48 --budget 60      # GPU machine

Rule, written before any number (docs/results/2026-12-07-scanprec48.md "The A/B"): KWB_SCAN_EPILOGUE stays on iff
each of its rows here is PASS-close on (rel_err within 2x of off's, or under 1e-5) and on <= 1.02x off's GPU time
(graph rows), with KWB_SCAN_EPILOGUE_YIELD on; KWB_SCAN_EPILOGUE_YIELD stays on iff each of its rows is PASS-close
and on <= 1.02x off's GPU time. Where the yield's small rows win and its [4096, 1024] row loses by more than 2 % (the
epilogue's plan moves one full-size value fewer), neither plan loses nowhere: the yield then needs a size bound
(not written here) and the lead decides which side is the default until it exists. Nothing here ran on a GPU when it
was written.
"""
import os
import sys

import abharness as ab

HERE = os.path.dirname(os.path.abspath(__file__))
CHAINS = os.path.join(ab.DATA, "codegen", "chains", "problems")
RESULTS = os.path.join(ab.ROOT, "docs", "results")
# the small fixtures first (a --cpu-emulated smoke reaches them within its budget), the large rows last
PROBLEMS = [(os.path.join(CHAINS, n + ".py"), s) for n, s in (
    ("scan47_discounted_return_rowsum", "KWB_SCAN_EPILOGUE_YIELD"),
    ("scanprec48_excl_cumsum_weighted_mean_dim1", "KWB_SCAN_EPILOGUE_YIELD"),
    ("scanprec48_cumsum_weighted_amax_dim1", "KWB_SCAN_EPILOGUE_YIELD"),
    ("scanprec48_excl_cumprod_weighted_sigmoid_sum", "KWB_SCAN_EPILOGUE"),
    ("scanprec48_excl_cumsum_weighted_sum_amax", "KWB_SCAN_EPILOGUE"),
    ("scan46_nerf_transmittance", "KWB_SCAN_EPILOGUE"),
)] + [(os.path.join(HERE, "scanprec48_problems", "discounted_return_rowsum_large.py"), "KWB_SCAN_EPILOGUE_YIELD"),
      (os.path.join(RESULTS, "trial30-problems", "04_nerf_volume_render.py"), "KWB_SCAN_EPILOGUE")]

if __name__ == "__main__":
    sys.exit(ab.switch_ab("scanprec48", PROBLEMS, __doc__, budget=60.0, compile_rows=True, graph_rows=True))
