#!/usr/bin/env bash
# Renders norm40's A/B folder (docs/results/2026-12-06-norm40.md): old/ = kwb's Triton kernels of probs/ as planned by
# default, new/ = the same under KWB_ROWS_APPLY_PLAN=1 (row statistics and their apply as one kwb_rows launch); hand/
# holds 04_'s one-launch form written by hand over new/ln_cf.py's stage library. ce_ls (04_) is not rendered: torch
# 1.13 traces label_smoothing= through masked_select (a data-dependent shape); on torch 2.x it may render (then add it).
# usage: KWB=build/dev/app/kwb bash bench/gpu/norm40_ab/render.sh OUT_DIR; then python3 OUT_DIR/ab.py --budget 70
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$1"
mkdir -p "$out/old" "$out/new"
cp -r "$here/ab.py" "$here/probs" "$here/hand" "$out/"
for n in ln_cf rms_cf gn_hand uint8_norm; do
  "${KWB:-kwb}" analyze "$here/probs/$n.py" --gpu H200 --kernel-out "$out/old/$n.py" --framework triton >/dev/null
  [ "$n" = uint8_norm ] && continue  # no statistics: the same plan
  KWB_ROWS_APPLY_PLAN=1 "${KWB:-kwb}" analyze "$here/probs/$n.py" --gpu H200 --kernel-out "$out/new/$n.py" \
    --framework triton >/dev/null
done
