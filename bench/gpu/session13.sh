#!/usr/bin/env bash
# The next session's first device call: check what sessions 11 and 12 changed but could not run on a GPU (session
# 12 had no device time: its budget was spent in session 11), then measure the convolution classes. Stage .gpu/
# first (bundle from HEAD, problems; see bench/gpu/suite_session.sh).
#
#   OUT=$OUT bash bench/gpu/session13.sh          # call A, ~560 s
#
# 0. Conv template compiles (about 60 s): bench/gpu/conv_compile_check.py on the default knob set, one tiny case
#    per path class. Any FALLBACK line means the default path does not compile on this Triton: every convolution
#    would run a slower variant (docs/results/2026-12-02-conv-template-review.md). Fix that before anything else.
#
# 1. Memory (about 120 s): `kwb suite` on the memory-heavy level-1 problems plus 92_cumsum_exclusive and 58_ of
#    level 2, --jobs 4. Session 11 changed the harness (4x a large input at its peak instead of 10x, measured on
#    the CPU), the admission estimate (19_ReLU 82.7 -> 28.6 GB), timed torch.compile in the kernel's region and
#    made the fp32 reference of a dtype_* case use the rounded parameters. Read from summary.txt: every problem
#    PASS (58_ included), "GPU peak / admission estimate" below 1.0 on all (above: raise the estimate's harness
#    term), no "runs again alone" line (an OOM retry), and compile_ref.timed_with in the result files.
# 2. Convolution classes (the rest, ~300 s): bench/gpu/conv_classes.py, one verdict per knob of
#    triton_conv.py.tmpl (SMALL_K, PHASE_GRID, PHASE_SPECIALIZE, OUT_CHANNELS_LAST, EPI_CHANNEL_VECTORS). A knob
#    whose verdict is faster with every rel_err held becomes a default in a commit naming these numbers.
# Then the full suite of every given problem again (two or three calls of bench/gpu/session10.sh with
# LIST=.gpu/list_all.txt, RESUME=1 on the still-warm machine, or .gpu/suite_state.tar.gz from the last call), with
# the problems outside the given set beside them (cp -r tests/data/unseen .gpu/problems/unseen; add unseen/*.py to
# the list): they were only run under the CPU emulation (docs/results/2026-12-02-unseen-problems.md).
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s13_out}
mkdir -p "$OUT"
T0=$SECONDS
cat > /tmp/list_mem.txt <<'EOF'
level1/19_ReLU.py
level1/34_InstanceNorm.py
level1/38_L1Norm_.py
level1/23_Softmax.py
level1/92_cumsum_exclusive.py
level1/47_Sum_reduction_over_a_dimension.py
level2/58_ConvTranspose3d_LogSumExp_HardSwish_Subtract_Clamp.py
level2/42_ConvTranspose2d_GlobalAvgPool_BiasAdd_LogSumExp_Sum_Multiply.py
EOF
rm -rf /tmp/kwb-suite /tmp/kwb-suite-logs
echo "== 0. conv template compile check (default knobs)"
timeout -k 5 ${COMPILE_S:-90} python3 bench/gpu/conv_compile_check.py --only default --budget $((${COMPILE_S:-90} - 10)) \
  > "$OUT/conv_compile_check.txt" 2>&1
echo "rc=$?" >> "$OUT/conv_compile_check.txt"
tail -20 "$OUT/conv_compile_check.txt"
echo "== 1. memory and harness checks (${MEM_S:-200} s)"
OUT="$OUT/mem" BUDGET=${MEM_S:-200} JOBS=4 bash bench/gpu/suite_session.sh /tmp/list_mem.txt > "$OUT/mem.log" 2>&1
tail -6 "$OUT/mem.log"
python3 - /tmp/kwb-suite > "$OUT/mem_check.txt" 2>&1 <<'PY'
import glob, json, os, sys
for p in json.load(open(os.path.join(sys.argv[1], "suite.json")))["problems"]:
    runs = sorted(glob.glob(os.path.join(p["workspace"], ".kwb", "runs", "*", "result.json")))
    r = json.load(open(runs[-1])).get("result") or {} if runs else {}
    cr = r.get("compile_ref") or {}
    print("%-46s %-5s peak %6.1f GB est %6.1f GB  compile %s us (%s)  phase_s %s" % (
        p["name"][:46], p.get("status"), (p.get("gpu_peak_bytes") or 0) / 1e9, (p.get("footprint_bytes") or 0) / 1e9,
        cr.get("latency_us"), cr.get("timed_with") or cr.get("error"), r.get("phase_s")))
PY
cat "$OUT/mem_check.txt"
left=$((${CALL_S:-560} - (SECONDS - T0) - 20))
if [ "$left" -gt 60 ]; then
  echo "== 2. conv classes ($left s)"
  timeout -k 10 "$left" python3 bench/gpu/conv_classes.py --budget $((left - 40)) > "$OUT/conv_classes.txt" 2>&1
  echo "rc=$?" >> "$OUT/conv_classes.txt"
  tail -40 "$OUT/conv_classes.txt"
fi
echo "total $((SECONDS - T0)) s"
