#!/usr/bin/env bash
# Session 16's last device call: each helper's A/B script (one process each, budgeted), then a `kwb suite` of the
# problems those changes touch, in what is left.
#   OUT=$OUT CALL_S=520 bash bench/gpu/session16.sh
# Carried: .gpu (bundle.tar.xz, problems/, list_s16.txt, and the kernels the scripts' --generate/--prepare modes
# wrote on the CPU: conv_sweep/, normapply/, rnnstep/, gemmtile/, hostpath/).
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/s16_out}; CALL_S=${CALL_S:-520}; T0=$SECONDS
mkdir -p "$OUT/ab"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
ab() {  # name limit_s command...: one A/B script, its output to $OUT/ab/name.txt, its tail here
  local name=$1 lim=$2; shift 2
  echo "== $name at $((SECONDS - T0)) s"
  timeout -k 5 "$lim" "$@" > "$OUT/ab/$name.txt" 2>&1; echo "rc=$?" >> "$OUT/ab/$name.txt"
  tail -${TAIL:-14} "$OUT/ab/$name.txt"
}
ab gemm_level2 70 python3 bench/gpu/gemm_level2.py --budget 45
ab conv_sweep 75 env KWB_CUDA_GRAPH=0 python3 bench/gpu/conv_sweep.py --kernels .gpu/conv_sweep --budget 50
ab norm_apply 65 python3 bench/gpu/norm_apply.py --no-compile
ab rnn_step 65 python3 bench/gpu/rnn_step.py
# bench/gpu/host_overhead.py (the launch memo / fast launch) is left out: the harness times GPU time only
S=$((CALL_S - (SECONDS - T0) - 25))
echo "== suite for $S s at $((SECONDS - T0)) s"
OUT=$OUT SUITE_S=$S JOBS=14 LIST=.gpu/list_s16.txt bash bench/gpu/session10.sh 2>&1 | tail -6
cd /tmp && find kwb-suite \( -name result.json -o -name output.log -o -name v0.json -o -name baseline_report.md \
  -o -name suite.json -o -name suite_report.md \) | tar czf "$OUT/slim.tgz" -T - ; rm -f "$OUT/suite_session.tar.gz"
echo "total $((SECONDS - T0)) s"
