#!/usr/bin/env bash
# small40's A/B folder (docs/results/2026-12-06-small40.md): OUT/{ab.py, problems/, main/, mine/}. main/: kernel.py of
# a kwb built from main (MAIN_KWB); mine/: this tree's kwb with KWB_REDUCE_EPILOGUE=1. Then, from OUT's parent:
# python3 small40/ab.py --budget 75
set -euo pipefail
OUT=${1:?usage: make.sh OUT_DIR}
MAIN_KWB=${MAIN_KWB:?the kwb binary of main}
MINE_KWB=${MINE_KWB:-build/dev/app/kwb}
export QT_QPA_PLATFORM=offscreen
mkdir -p "$OUT"/{problems,main,mine}
cp bench/gpu/small40/ab.py "$OUT"/
declare -A SRC=(
  [a09_VQVAE_CodebookArgmin_Lookup_StraightThrough_Tuple]=tests/data/probe25/a09_VQVAE_CodebookArgmin_Lookup_StraightThrough_Tuple.py
  [t28_04_token_ce_masked_mean]=docs/results/trial28-problems/04_token_ce_masked_mean.py
  [reduce_epilogue_amax_gate]=tests/data/codegen/chains/problems/reduce_epilogue_amax_gate.py)
for tag in "${!SRC[@]}"; do
  cp "${SRC[$tag]}" "$OUT/problems/$tag.py"
  "$MAIN_KWB" analyze "${SRC[$tag]}" --kernel-out "$OUT/main/$tag.py" --framework triton >/dev/null
  KWB_REDUCE_EPILOGUE=1 "$MINE_KWB" analyze "${SRC[$tag]}" --kernel-out "$OUT/mine/$tag.py" --framework triton >/dev/null
done
