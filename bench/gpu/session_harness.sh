#!/usr/bin/env bash
# GPU session for issue 4's GPU-only bullets (written 2026-11-29; first run in session 3, bench/gpu/session3.sh):
#   1. the harness's GPU tests: tests/python/test_gpu.py and test_gpu_adversarial.py (a kernel on a
#      side stream must not look faster; a real illegal address ends the process with exit 3 and a
#      fresh process runs the rest; torch.empty_like outputs fail under the CUDA caching allocator;
#      per-shape memoisation and caching during timing);
#   2. a control: does the caching allocator hand empty_like a freed reference output here?
#   3. end to end through core/run: `kwb baseline` on 19_ReLU with the illegal-address kernel: the
#      run resumes after exit 3, boundary_tail is ERROR, the other cases PASS, no process is left;
#   4. the compute-bound comparison: harness median vs triton.testing.do_bench on a GEMM (KernelBench
#      1_Square_matrix_multiplication_), CV over 10 runs, and the memory-bound one again (19_ReLU)
#      with the harness as it is now (inputs refreshed before every call). While the workbench has
#      no GEMM generator, the GEMM kernel is bench/gpu/triton_matmul_kernel.py, written by hand.
# Before the session: rebuild the bundle from this tree (the harness template is compiled into kwb):
#   packaging/make-bundle.sh build/<dir> .gpu/bundle.tar.xz /work/shared
#   cp /work/shared/data/kernelbench/level1/1_Square_matrix_multiplication_.py .gpu/problems/
# Run from the repository root on the GPU machine with .gpu/ carried; everything lands in $OUT.
# PDIR: the folder with the problem files (default .gpu/problems). PART=tests runs 1-3, PART=oob runs 3,
# PART=dobench runs 4, PART=all (default) everything; session3.sh runs parts on two GPUs at once.
set -u
export PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
S=/tmp/sh; L=$S/logs; mkdir -p $L $S/ws $S/dump
here=$(pwd)
PDIR=${PDIR:-.gpu/problems}
PART=${PART:-all}
mkdir -p "$OUT"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb
say() { echo "$*" | tee -a $OUT/summary.txt; }
{
  date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'
} 2>&1 | tee $OUT/summary.txt

if [ "$PART" = all ] || [ "$PART" = tests ]; then
# 1. GPU tests of the harness (each test writes its harness output under $S/dump)
(cd tests/python && KWB_TEST_DUMP=$S/dump timeout 400 python3 -m unittest -v test_gpu test_gpu_adversarial) \
  > $L/gpu_tests.log 2>&1
say "GPU harness tests: rc=$? ($(grep -cE '\.\.\. ok$' $L/gpu_tests.log) ok, $(grep -cE '\.\.\. (FAIL|ERROR)$' $L/gpu_tests.log) failed)"
grep -E '\.\.\. (ok|FAIL|ERROR|skipped)' $L/gpu_tests.log | tee -a $OUT/summary.txt

# 2. allocator control
timeout 120 python3 bench/gpu/allocator_recycle.py 2>&1 | tee -a $OUT/summary.txt

fi
if [ "$PART" = all ] || [ "$PART" = tests ] || [ "$PART" = oob ]; then
# 3. illegal address end to end: core/run resumes after exit 3
$K baseline $PDIR/19_ReLU.py --gpu H200 --framework triton --workspace $S/ws/relu_oob --no-commit \
  > $L/oob_first.log 2>&1   # makes the workspace (a good generated kernel)
cp tests/python/fixtures/kernels/triton_illegal_address.py $S/ws/relu_oob/kernel.py
SECONDS=0
$K baseline $PDIR/19_ReLU.py --gpu H200 --framework triton --workspace $S/ws/relu_oob --force --no-commit \
  > $L/oob.log 2>&1
say "illegal-address run: rc=$? wall_s=$SECONDS"
run=$(ls -d $S/ws/relu_oob/.kwb/runs/* | tail -1)
python3 - "$run/result.json" <<'PY' | tee -a $OUT/summary.txt
import json, sys
o = json.load(open(sys.argv[1]))
print("processes:", [(p["exit_code"], p.get("stopped_by"), p["cases_started"]) for p in o.get("processes", [])])
print("cases:", [(c["name"], c["status"]) for c in o.get("cases", [])])
print("exit_code:", o.get("exit_code"), "ok:", o.get("ok"))
PY
sleep 1
# Only this run's processes count (another GPU of the machine may be running a harness meanwhile):
# those whose working directory is the workspace; and this GPU's compute apps (CUDA_VISIBLE_DEVICES).
left=0
for pid in $(pgrep -f test_kernel.py); do
  case "$(readlink /proc/$pid/cwd 2>/dev/null)" in "$S/ws/relu_oob"*) left=$((left + 1)) ;; esac
done
say "processes of this run left: $left"
say "compute apps on GPU ${CUDA_VISIBLE_DEVICES:-0} after: $(nvidia-smi -i ${CUDA_VISIBLE_DEVICES:-0} --query-compute-apps=pid --format=csv,noheader | wc -l) (nvidia-smi lists none from inside this VM's PID namespace either way; see the process count)"
say "GPU ${CUDA_VISIBLE_DEVICES:-0} utilization after: $(nvidia-smi -i ${CUDA_VISIBLE_DEVICES:-0} --query-gpu=utilization.gpu --format=csv,noheader)"

fi
if [ "$PART" = all ] || [ "$PART" = dobench ]; then
# 4. harness vs do_bench: memory-bound (19_ReLU, generated kernel) and compute-bound (GEMM);
#    DOBENCH=gemm skips the ReLU half.
if [ "${DOBENCH:-both}" != gemm ]; then
$K baseline $PDIR/19_ReLU.py --gpu H200 --framework triton --workspace $S/ws/relu --no-commit > $L/relu.log 2>&1
say "19_ReLU V0: rc=$?"
timeout 240 python3 bench/gpu/harness_vs_dobench.py $S/ws/relu --runs 10 > $L/relu_dobench.json 2>$L/relu_dobench.err
cat $L/relu_dobench.json | tee -a $OUT/summary.txt
fi
if [ -f $PDIR/1_Square_matrix_multiplication_.py ]; then
  SECONDS=0
  $K baseline $PDIR/1_Square_matrix_multiplication_.py --gpu H200 --framework triton --workspace $S/ws/gemm \
    --no-commit > $L/gemm.log 2>&1
  say "GEMM V0 (generated kernel): rc=$? wall_s=$SECONDS"
  if grep -q UNIMPLEMENTED $S/ws/gemm/kernel.py; then
    say "no GEMM generator yet: using bench/gpu/triton_matmul_kernel.py (hand-written) for the comparison"
    cp bench/gpu/triton_matmul_kernel.py $S/ws/gemm/kernel.py
    (cd $S/ws/gemm && timeout 300 python3 test_kernel.py --no-memory > $L/gemm_harness.log 2>&1)
    say "GEMM harness (hand-written kernel, all cases): rc=$?"
    grep -E 'CASE_RESULT' $L/gemm_harness.log | cut -c1-200 | tee -a $OUT/summary.txt
  fi
  timeout 240 python3 bench/gpu/harness_vs_dobench.py $S/ws/gemm --runs 10 > $L/gemm_dobench.json 2>$L/gemm_dobench.err
  cat $L/gemm_dobench.json | tee -a $OUT/summary.txt
else
  say "GEMM skipped: $PDIR/1_Square_matrix_multiplication_.py not carried"
fi
fi
cd "$here"
tar -C $S -czf $OUT/session_harness_$PART.tar.gz --exclude='*.png' logs dump ws
