#!/usr/bin/env bash
# Trial 8's new chain stages on the GPU (never run here: emulated only, tests/tst_chains): the two causal-mask
# spellings (~mask through the pointwise lowering, full_like(-inf)) and the scans (kwb_cumsum with its epilogue,
# kwb_arange), each through `kwb baseline` (the harness's cases on real Triton), then the two skeletons.
#   OUT=$OUT bash bench/gpu/trial8_stages.sh     (carried: .gpu/bundle.tar.xz and .gpu/problems/unseen)
set -u
OUT=${OUT:-/tmp/t8_out}; mkdir -p "$OUT/logs"
[ -x /tmp/kernel-workbench/bin/kwb ] || tar -C /tmp -xJf .gpu/bundle.tar.xz
K=/tmp/kernel-workbench/bin/kwb P=.gpu/problems/unseen
for u in u64_CausalMask_bitwise_not u65_CausalMask_where_full_like u66_Cumsum_div_arange u67_Cumsum_div_buffer \
         u61_DataDependentLoop_norm u62_Inplace_input_mul_add_relu; do
  timeout -k 5 150 $K baseline $P/$u.py --gpu H200 --framework triton --workspace "$OUT/ws/$u" --no-commit \
    > "$OUT/logs/$u.log" 2>&1
  echo "$u rc=$? $(grep -m1 -E 'quality gate|skeleton' "$OUT/logs/$u.log")"
done
