#!/usr/bin/env bash
# Session 10, device call 1: the emulation-only changes of session 9 on the GPU, and the conv / GEMM variants
# that choose the defaults of the final suites. One call, one archive ($OUT/call1.tar.gz).
#
#   OUT=$OUT bash bench/gpu/session10_call1.sh
#
# 1. `kwb suite` from the bundle over .gpu/list_call1.txt (VisionAttention, MiniGPTBlock: planned after
#    session 9's GPU calls; 58_: fp32 intermediates; a GEMM chain: the kernel profile section);
# 2. bench/gpu/conv_smoke.py --sweep on the slow convolution problems (each variant against eager cuDNN, TF32);
# 3. bench/gpu/gemm_tma_sweep.py (pointer vs TMA persistent GEMM against cuBLAS, TF32 and bf16).
# Each step has its own time limit, so one that hangs cannot cost the others.
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/call1_out}
mkdir -p "$OUT"
T0=$SECONDS
SUITE_S=${SUITE_S:-130} CONV_S=${CONV_S:-250} GEMM_S=${GEMM_S:-170}
CONV_ONLY=${CONV_ONLY:-67_,55_,59_,64_,76_,79_,71_,50_,73_}

{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'; } > "$OUT/env.txt" 2>&1

echo "== 1. suite ($SUITE_S s)"
rm -rf /tmp/kwb-suite /tmp/kwb-suite-logs
mkdir -p "$OUT/suite"
OUT="$OUT/suite" BUDGET=$SUITE_S JOBS=4 bash bench/gpu/suite_session.sh .gpu/list_call1.txt > "$OUT/suite.log" 2>&1
tail -8 "$OUT/suite.log"

echo "== 2. conv sweep ($CONV_S s) at $((SECONDS - T0)) s"
timeout -k 10 $CONV_S python3 bench/gpu/conv_smoke.py --sweep --no-compile --only "$CONV_ONLY" \
  --budget $((CONV_S - 30)) > "$OUT/conv_sweep.txt" 2>&1
echo "rc=$?" >> "$OUT/conv_sweep.txt"
grep -E "^[0-9]|variants|geomean" "$OUT/conv_sweep.txt" | head -60

echo "== 3. GEMM sweep ($GEMM_S s) at $((SECONDS - T0)) s"
if [ -f bench/gpu/gemm_tma_sweep.py ]; then
  timeout -k 10 $GEMM_S python3 bench/gpu/gemm_tma_sweep.py > "$OUT/gemm_tma.jsonl" 2> "$OUT/gemm_tma.err"
  echo "rc=$?" >> "$OUT/gemm_tma.err"
  tail -40 "$OUT/gemm_tma.jsonl"
fi
tar -C "$OUT" -czf "$OUT/call1.tar.gz" env.txt suite.log conv_sweep.txt gemm_tma.jsonl gemm_tma.err suite 2>/dev/null
echo "total $((SECONDS - T0)) s"
