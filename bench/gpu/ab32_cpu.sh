#!/usr/bin/env bash
# Session 32 (helper perf32): every variant of bench/gpu/ab32.py with its switch ON, under the CPU emulation of Triton
# (numbers only, never speed), on small copies of the problems of each class, fp32 and bf16 and the harness's
# boundary cases. The kernels come from this checkout's kwb (build/dev/app/kwb). Prints one OK / FAIL line a run;
# exits 1 on any FAIL. ~10 min on a shared 2-core machine.
#
#   bash bench/gpu/ab32_cpu.sh [WORKDIR]      # default: a fresh mktemp -d
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
KWB=$ROOT/build/dev/app/kwb
KB=${KWB_KERNELBENCH:-/work/shared/data/kernelbench}
S=${1:-$(mktemp -d)}
mkdir -p "$S"
L1=$KB/level1
L2=$KB/level2
small() {  # small NAME SOURCE SED-EXPRESSIONS...: a resized copy, its kernel and its spec
  local name=$1 src=$2; shift 2
  sed "$@" "$src" > "$S/$name.py"
  "$KWB" analyze "$S/$name.py" --kernel-out "$S/k_$name.py" --framework triton > /dev/null 2>&1 || echo "FAIL kwb analyze $name"
  "$KWB" analyze "$S/$name.py" --json > "$S/$name.json" 2> /dev/null
}
sz=(-e 's/^batch_size = .*/batch_size = 3/' -e 's/^dim1 = .*/dim1 = 33/' -e 's/^dim2 = .*/dim2 = 40/')
small 40_small "$L1/40_LayerNorm.py" "${sz[@]}" -e 's/^features = .*/features = 8/'
small 37_small "$L1/37_FrobeniusNorm_.py" "${sz[@]}" -e 's/^features = .*/features = 8/'
small 35_small "$L1/35_GroupNorm_.py" "${sz[@]}" -e 's/^features = .*/features = 16/'
small 7_small "$L1/7_Matmul_with_small_K_dimension_.py" -e 's/^M = .*/M = 600/' -e 's/^N = .*/N = 520/' -e 's/^K = .*/K = 64/'
small 7_tail "$L1/7_Matmul_with_small_K_dimension_.py" -e 's/^M = .*/M = 601/' -e 's/^N = .*/N = 523/' -e 's/^K = .*/K = 61/'
small 2_small "$L1/2_Standard_matrix_multiplication_.py" -e 's/^M = .*/M = 600/' -e 's/^N = .*/N = 520/' -e 's/^K = .*/K = 2048/'
small 2_tail "$L1/2_Standard_matrix_multiplication_.py" -e 's/^M = .*/M = 601/' -e 's/^N = .*/N = 523/' -e 's/^K = .*/K = 2051/'
small 11_small "$L1/11_4D_tensor_matrix_multiplication.py" -e 's/^b = .*/b = 2/' -e 's/^i = .*/i = 8/' -e 's/^j = .*/j = 20/'
small 76_small "$L2/76_Gemm_Add_ReLU.py" -e 's/^batch_size = .*/batch_size = 300/' \
  -e 's/^in_features = .*/in_features = 2048/' -e 's/^out_features = .*/out_features = 520/'
cd "$ROOT"
CE="nice /usr/bin/python3 tests/python/chain_emulate.py"
rc=0
run() { echo "== ${*:3}"; "$@" 2>&1 | tail -4 | tee "$S/last.txt"; grep -q "^FAIL" "$S/last.txt" && rc=1; }
# row norms: TWO_PASS_HINTS on the two-pass path (forced), 6 of 18 statistics CTAs kept (40_)
H="--set ONEPASS=False --set LAGGED=False --set CHUNK=2048 --set BLOCK=512 --set TWO_PASS_HINTS=True --set TWO_PASS_KEEP_BYTES=24576"
for p in 40_small 37_small 35_small; do
  run $CE $S/k_$p.py $S/$p.py $H --dtype float32,bfloat16
  run $CE $S/k_$p.py $S/$p.py $H --spec $S/$p.json --case boundary_tail,boundary_size1
done
# TWO_PASS_ROW_LOOP (per-position weights: 40_), with the hints
R="--set ONEPASS=False --set LAGGED=False --set CHUNK=2048 --set BLOCK=512 --set TWO_PASS_ROW_LOOP=True --set TWO_PASS_HINTS=True"
run $CE $S/k_40_small.py $S/40_small.py $R --dtype float32,bfloat16
run $CE $S/k_40_small.py $S/40_small.py $R --spec $S/40_small.json --case boundary_tail,boundary_size1
# lagged path with larger CTAs (the constants rows)
for c in "1024 8" "2048 16"; do set -- $c
  run $CE $S/k_35_small.py $S/35_small.py --set ONEPASS=False --set LAGGED_CHUNK=$1 --set LAGGED_WARPS=$2 --dtype float32,bfloat16
  run $CE $S/k_35_small.py $S/35_small.py --set ONEPASS=False --set LAGGED_CHUNK=$1 --set LAGGED_WARPS=$2 \
    --spec $S/35_small.json --case boundary_tail,boundary_size1
done
# GEMM class table (level-1 template): "store" (K 64 / 61 / 256), "deep" (K 2048 / 2051); 4 emulated SMs
T="--set SMALL_GEMM_FLOPS=0 --set TMA_CLASS_TABLE=True"
for p in 7_small 7_tail 2_small 2_tail 11_small; do
  run $CE $S/k_$p.py $S/$p.py $T --dtype float32,bfloat16
done
run $CE $S/k_2_tail.py $S/2_tail.py $T --spec $S/2_tail.json --case boundary_tail,boundary_size1
run $CE $S/k_7_tail.py $S/7_tail.py $T --spec $S/7_tail.json --case boundary_tail,boundary_size1
# chain GEMM (stage library), 4 target SMs so that the tiles fill a wave ("deep")
C="--set kwb_gemm_class_table=True --set kwb_target_sms=4"
run $CE $S/k_76_small.py $S/76_small.py $C --dtype float32,bfloat16
run $CE $S/k_76_small.py $S/76_small.py $C --spec $S/76_small.json --case boundary_tail,boundary_size1
echo "ab32_cpu: $( [ $rc = 0 ] && echo 'every run OK' || echo 'FAILs above') ($S)"
exit $rc
