#!/usr/bin/env bash
# Issue 6's measurement: the whole flow (`kwb baseline --framework triton`) on every given level-1
# problem of the pattern families (GEMM, reductions, softmax/norms, losses, scans) on the H200, then
# one table per problem: PASS/FAIL, max rel_err, latency_us, PyTorch eager latency_us, achieved GB/s
# or TFLOPS and utilization against the ledger peak and the measured copy ceiling.
# Modelled on session1.sh. Run from the repository root on the GPU machine with .gpu/ carried
# (bundle.tar.xz from packaging, problems/ = the level-1 files). Everything lands in
# $OUT/session_patterns.tar.gz and $OUT/patterns_table.md.
#
#   bash bench/gpu/session_patterns.sh                 # all 28 problems (~1-3 min each on the H200)
#   bash bench/gpu/session_patterns.sh 23_Softmax 1_Square_matrix_multiplication_   # a subset
#   KWB=build/x/app/kwb PY=/usr/bin/python3 CPU_EMULATED=1 bash bench/gpu/session_patterns.sh   # no GPU
#
# CPU_EMULATED=1 (no GPU): builds each workspace with --cpu-dry-run, then runs the generated harness
# in its test mode (KWB_HARNESS_DEVICE=cpu) with tests/data/codegen/fake_triton on PYTHONPATH, a CPU
# emulation of the tl.* subset the kernels use. That checks the kernels' numbers against PyTorch at
# reduced shapes (all cases: tails, size-1 dims, bf16/fp16, strided); its latencies mean nothing.
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
OUT=${OUT:-/tmp/sp_out}
S=/tmp/sp
mkdir -p /tmp/xdg $S/logs $S/ws "$OUT"
log=$S/logs
ALL=$(grep -v "^#" "$(dirname "$0")/pattern_problems.txt")
PROBLEMS=${*:-$ALL}
EMU=${CPU_EMULATED:-0}
if [ "$EMU" = 1 ]; then
  K=${KWB:-build/codegen/app/kwb}
  PDIR=${PDIR:-../shared/data/kernelbench/level1}
  FAKE=$(pwd)/tests/data/codegen/fake_triton
else
  tar -C /tmp -xJf .gpu/bundle.tar.xz
  K=/tmp/kernel-workbench/bin/kwb
  PDIR=.gpu/problems
fi
{
  date -u +%FT%TZ; uname -a
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,memory.total --format=csv 2>&1 | head -3
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__, torch.cuda.get_device_name())' 2>&1 | tail -1
  $K --version
  echo "mode: $([ "$EMU" = 1 ] && echo 'CPU emulation (not a measurement)' || echo 'H200')"
} > $log/env.txt 2>&1
cat $log/env.txt
for p in $PROBLEMS; do
  SECONDS=0
  ws=$S/ws/$p
  if [ "$EMU" = 1 ]; then
    $K baseline $PDIR/$p.py --gpu H200 --framework triton --cpu-dry-run --workspace $ws --force > $log/$p.log 2>&1
    (cd $ws && KWB_HARNESS_DEVICE=cpu PYTHONPATH=$FAKE timeout 900 ${PY:-python3} test_kernel.py --no-memory > $log/$p.emulated.log 2>&1)
  else
    $K baseline $PDIR/$p.py --gpu "NVIDIA H200" --framework triton --workspace $ws --force > $log/$p.log 2>&1
  fi
  rc=$?
  echo "$p rc=$rc wall_s=$SECONDS" | tee -a $log/summary.txt
  grep -E "quality gate|µs|committed|error" $log/$p.log | sed 's/^/    /' | head -6
done
# One row per problem from memory/v0.json and the run's result.json (or the emulated harness log).
${PY:-python3} bench/gpu/patterns_table.py "$S" "$EMU" $PROBLEMS > "$OUT/patterns_table.md"
cat "$OUT/patterns_table.md"
tar -C $S -czf "$OUT/session_patterns.tar.gz" logs ws 2>/dev/null
ls -la "$OUT"
